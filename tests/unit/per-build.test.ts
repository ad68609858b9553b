import { describe, expect, it, vi } from "vitest";
import { perBuild } from "../../workers/site/per-build";

describe("one page handler per server build", () => {
  it("makes the handler once however many requests ask for it", async () => {
    const build = { routes: {} };
    const make = vi.fn(() => ({ handler: true }));
    const handler = perBuild(async () => build, make);
    const answers = await Promise.all([handler(), handler(), handler()]);
    await handler();
    expect(make).toHaveBeenCalledTimes(1);
    expect(make).toHaveBeenCalledWith(build);
    expect(new Set(answers).size).toBe(1);
  });

  it("makes it again when the import answers with another build (a development server's hot update)", async () => {
    let build = { version: 1 };
    const handler = perBuild(
      async () => build,
      (b) => ({ for: b.version }),
    );
    expect(await handler()).toEqual({ for: 1 });
    build = { version: 2 };
    expect(await handler()).toEqual({ for: 2 });
    expect(await handler()).toBe(await handler());
  });
});
