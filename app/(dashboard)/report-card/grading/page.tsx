import { GradeBadge } from "@/components/insight/grade";
import { Card, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { bandText, codeSpans, gradingGuide, type GradingMeasure } from "@/lib/insight/grading";

export const dynamic = "force-dynamic";

// /report-card/grading — how each grade of the server report card is computed, generated from the
// module that computes them (lib/insight/grading.ts reads measures.ts and grades.ts), so it cannot
// drift from the grades it explains. Anyone signed in reads it: it holds no project's data.

function Prose({ text }: { text: string }) {
  return (
    <>
      {codeSpans(text).map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="font-mono text-xs">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Measure({ measure }: { measure: GradingMeasure }) {
  return (
    <Card className="space-y-3">
      <section data-testid="grading-measure" data-measure={measure.id} aria-labelledby={`m-${measure.id}`}>
        <h2 id={`m-${measure.id}`} className="font-medium">
          {measure.title}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Problem share</dt>
          <dd data-testid="grading-share">
            <Prose text={measure.problemShare} />
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Counts</dt>
          <dd className="min-w-0 wrap-anywhere">
            <Prose text={measure.reads} />
          </dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Weight</dt>
          <dd data-testid="grading-weight">{measure.weight}</dd>
        </dl>
        <table className="mt-3 w-full text-sm" data-testid="grading-bands">
          <caption className="sr-only">Grade by problem share: {measure.title}</caption>
          <thead>
            <tr>
              {measure.bands.map((band) => (
                <th key={band.grade} scope="col" className="px-1 py-1 text-left font-medium">
                  <GradeBadge grade={band.grade} label="Grade" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {measure.bands.map((band) => (
                <td
                  key={band.grade}
                  className="px-1 py-1 whitespace-nowrap tabular-nums"
                  data-grade={band.grade}
                  data-at-most={band.atMost ?? ""}
                >
                  {bandText(band)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
    </Card>
  );
}

export default function GradingPage() {
  const guide = gradingGuide();
  return (
    <>
      <PageHeader
        title="How the report card is graded"
        description="Each measure of a server's report card counts a fault in how its failures reach the agent, and is graded A–F on its problem share: the part of the server's failures with that fault. Generated from the code that grades, so it always says what the card does."
      />
      <Card className="mb-4 space-y-2 text-sm">
        <p>
          Most measures are shares of the <strong>failures the server answered</strong>: isError results,
          JSON-RPC errors and silent failures. Transport failures are the failure rate&apos;s, not the
          server&apos;s error messages, and are left out. Figures come from the rollups over whole hours; only{" "}
          <code className="font-mono text-xs">tools/call</code> calls count.
        </p>
        <p data-testid="grading-minimum">
          A measure with fewer than {guide.minFailuresToGrade} failures to judge is shown but not graded (—).
        </p>
      </Card>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {guide.measures.map((measure) => (
          <Measure key={measure.id} measure={measure} />
        ))}
      </div>
      <Card title="The overall grade" className="mt-4">
        <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="grading-overall">
          {guide.overall.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </Card>
      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
        Bounds are inclusive: a share equal to a bound earns that grade.{" "}
        <Link href="/servers" className="underline">
          All servers
        </Link>
      </p>
    </>
  );
}
