// npm run users -- list | reset-password EMAIL [--password-stdin]
import { parseArgs } from "node:util";
import { PasswordChangeError, resetPassword, UnknownUserError } from "../lib/auth/users";
import { db } from "../lib/db";

// The operator's way back into the dashboard: who the users are, and a new password for one of
// them (a lost admin password, say). Every reset is logged on stderr with the time, the email and
// what it ended, in the server's log format, so a process manager's log keeps it.

const USAGE = `usage:
  npm run users -- list
      every user: email, admin or not, projects, when created
  npm run users -- reset-password EMAIL [--password-stdin]
      sets a new password (generated and printed once, or read from stdin), ends the user's
      sessions, voids their unused one-time links and clears their account's failed sign-ins`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, email, extra] = positionals;
  const valid = (command === "list" && !email) || (command === "reset-password" && email && !extra);
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const chosen = values["password-stdin"] ? await readStdin() : undefined;
  const database = await db();
  try {
    if (command === "list") {
      const users = await database.prisma.user.findMany({
        orderBy: { createdAt: "asc" },
        include: { _count: { select: { projects: true } } },
      });
      if (users.length === 0) console.log("No users.");
      for (const user of users)
        console.log(
          `${user.email}  ${user.isAdmin ? "admin" : "member"}  projects=${user.isAdmin ? "all" : user._count.projects}  created ${user.createdAt.toISOString()}`,
        );
      return 0;
    }
    const reset = await resetPassword(database, email!, chosen);
    console.error(
      `[faultline] ${new Date().toISOString()} password reset for ${reset.email} from the command line (npm run users): ${reset.endedSessions} session(s) ended, ${reset.voidedLinks} unused link(s) voided`,
    );
    if (reset.password !== undefined)
      console.log(`New password for ${reset.email} (shown once, store it now):\n\n    ${reset.password}\n`);
    else console.log(`Password set for ${reset.email}.`);
    return 0;
  } catch (error) {
    if (error instanceof UnknownUserError) {
      console.error(`${error.message} (npm run users -- list shows who there is)`);
      return 1;
    }
    if (error instanceof PasswordChangeError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "password-stdin": { type: "boolean", default: false } },
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
