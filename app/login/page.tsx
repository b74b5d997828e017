import { SignInForm } from "./form";

export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = typeof params.next === "string" ? params.next : "/";
  return (
    <main className="mx-auto mt-24 max-w-sm px-6">
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in to Faultline</h1>
      <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">
        The first start printed the admin&apos;s email and password (or set FAULTLINE_ADMIN_EMAIL and
        FAULTLINE_ADMIN_PASSWORD). Lost a password? An admin can send you a new link from Settings → Users; on
        the server, <code className="font-mono text-xs">npm run users -- reset-password &lt;email&gt;</code>{" "}
        sets a new one.
      </p>
      <SignInForm next={next} />
    </main>
  );
}
