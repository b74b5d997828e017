import { MATCH_COUNT_CAP } from "@/lib/queries/calls";

/** "37 calls match “timeout” in this period", or "more than 1,000" past the count's cap. */
export async function MatchCount({
  matches,
  searched,
}: {
  matches: Promise<{ count: number; capped: boolean } | null>;
  searched: string;
}) {
  const counted = await matches;
  if (!counted) return <span data-testid="match-count">Matches could not be counted in time.</span>;
  const { count, capped } = counted;
  const howMany = capped
    ? `More than ${MATCH_COUNT_CAP.toLocaleString("en-US")} calls match`
    : `${count.toLocaleString("en-US")} ${count === 1 ? "call matches" : "calls match"}`;
  return (
    <span data-testid="match-count">
      {howMany} “<span className="font-mono">{searched}</span>” in this period
    </span>
  );
}
