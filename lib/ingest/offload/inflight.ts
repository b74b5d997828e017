import { busyError, projectShareError } from "../errors";

// The memory ingest requests hold at once — their bodies being read, queued for a worker and
// decoded, then the calls prepared from them until they are written — is bounded in total and per
// project, so a burst of maximum-size requests (or one project's sender outrunning the database)
// cannot take the server's memory. Counted as chunks arrive and again once the calls are prepared;
// past the bound the request is refused (503 for the instance, 429 for a project over its share),
// with Retry-After, and nothing of it is written.

export class InflightBytes {
  private total = 0;
  private readonly byProject = new Map<string, number>();

  constructor(
    private readonly max: number,
    /** A project may hold at most this share of `max`, so one sender cannot block the others. */
    private readonly projectShare = 0.5,
  ) {}

  /**
   * A holder for one request's bytes: take() as chunks arrive, atLeast() when what it holds turns
   * into something larger (prepared calls), release() once when done.
   */
  open(projectId: string): { take(bytes: number): void; atLeast(bytes: number): void; release(): void } {
    let held = 0;
    const holder = {
      take: (bytes: number) => {
        const project = this.byProject.get(projectId) ?? 0;
        if (this.total + bytes > this.max) {
          throw busyError(
            "This server is reading as many request bodies as it may hold; nothing was written. Retry shortly.",
          );
        }
        if (project + bytes > this.max * this.projectShare) {
          throw projectShareError(
            "This project's requests being read hold their share of the server's memory; nothing was written. Retry shortly.",
          );
        }
        held += bytes;
        this.total += bytes;
        this.byProject.set(projectId, project + bytes);
      },
      atLeast: (bytes: number) => {
        if (bytes > held) holder.take(bytes - held);
      },
      release: () => {
        if (held === 0) return;
        this.total -= held;
        const left = (this.byProject.get(projectId) ?? held) - held;
        if (left <= 0) this.byProject.delete(projectId);
        else this.byProject.set(projectId, left);
        held = 0;
      },
    };
    return holder;
  }

  get held(): number {
    return this.total;
  }
}
