import { describe, expect, it } from "vitest";
import { checkImportUrl } from "./import-url";

describe("import URLs", () => {
  it("takes public http and https URLs, without a trailing slash, query or fragment", () => {
    expect(checkImportUrl(" https://example.com/team/app.git/?x=1#y ", false)).toEqual({ ok: true, url: "https://example.com/team/app.git" });
    expect(checkImportUrl("http://8.8.8.8/app.git", false).ok).toBe(true);
  });

  it("refuses other schemes, credentials in the URL and garbage", () => {
    for (const url of ["ftp://example.com/a.git", "file:///etc/passwd", "git@example.com:a.git", "https://me:secret@example.com/a.git", "nothing"]) expect(checkImportUrl(url, true), url).toEqual({ ok: false, reason: "git_import_url_invalid" });
  });

  it("refuses private, loopback, link-local and internal addresses, allowing loopback only when told", () => {
    for (const url of ["http://10.1.2.3/a.git", "http://172.20.0.1/", "http://192.168.1.1/", "http://169.254.169.254/latest", "http://100.64.0.1/", "http://0.0.0.0/", "http://[fd00::1]/", "http://[fe80::1]/", "http://[::ffff:10.0.0.1]/", "http://intranet/", "http://git.corp/"])
      expect(checkImportUrl(url, true), url).toEqual({ ok: false, reason: "git_import_url_private" });
    for (const url of ["http://127.0.0.1:9000/a.git", "http://localhost/a.git", "http://[::1]/a.git"]) {
      expect(checkImportUrl(url, false), url).toEqual({ ok: false, reason: "git_import_url_private" });
      expect(checkImportUrl(url, true).ok, url).toBe(true);
    }
  });
});
