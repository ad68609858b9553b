import { describe, expect, it } from "vitest";
import { FILE_NAME_MAX, contentDisposition, safeFileName, sniffFileType, sniffImageType } from "./files";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImageType", () => {
  it("recognises a PNG by its signature", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]))).toBe("image/png");
  });

  it("recognises a JPEG by its start-of-image marker", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF"))).toBe("image/jpeg");
  });

  it.each(["GIF87a", "GIF89a"])("recognises a %s", (signature) => {
    expect(sniffImageType(bytes(signature, [1, 0, 1, 0]))).toBe("image/gif");
  });

  it("recognises a WEBP by its RIFF container and WEBP form", () => {
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBP", "VP8 "))).toBe("image/webp");
  });

  it("rejects another RIFF format", () => {
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WAVE", "fmt "))).toBeUndefined();
  });

  it("rejects text", () => {
    expect(sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
  });

  it("rejects empty input", () => {
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it.each([
    ["a PNG", bytes([0x89, 0x50, 0x4e])],
    ["a JPEG", bytes([0xff, 0xd8])],
    ["a GIF", bytes("GIF")],
    ["a WEBP", bytes("RIFF", [0, 0, 0, 0], "WEB")],
  ])("rejects input cut short inside %s signature", (_kind, input) => {
    expect(sniffImageType(input)).toBeUndefined();
  });
});

const text = (s: string) => new TextEncoder().encode(s);

describe("sniffFileType", () => {
  it.each([
    ["a PNG, whatever its name", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "photo.txt", "image/png"],
    ["a PDF", bytes("%PDF-1.7\n%âãÏÓ"), "spec.pdf", "application/pdf"],
    ["a Word file by its zip container and name", bytes([0x50, 0x4b, 0x03, 0x04], "[Content_Types].xml"), "Plan.DOCX", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["a spreadsheet", bytes([0x50, 0x4b, 0x03, 0x04]), "budget.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["another zip", bytes([0x50, 0x4b, 0x03, 0x04]), "sources.zip", "application/zip"],
    ["an old Excel file", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "old.xls", "application/vnd.ms-excel"],
    ["a gzip archive", bytes([0x1f, 0x8b, 0x08]), "logs.gz", "application/gzip"],
    ["an MP4 video", bytes([0, 0, 0, 0x20], "ftypisom"), "demo.mp4", "video/mp4"],
    ["plain text in Russian", text("Привет, мир\r\n\tвторая строка"), "notes", "text/plain"],
    ["CSV by its name", text("a;b\n1;2\n"), "table.csv", "text/csv"],
    ["Markdown by its name", text("# Title\n\n- item"), "README.md", "text/markdown"],
    ["a coloured terminal log", text("\u001b[31mERROR\u001b[0m failed"), "build.log", "text/plain"],
    ["an SVG without script", text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'), "dot.svg", "image/svg+xml"],
  ])("recognises %s", (_what, input, name, type) => {
    expect(sniffFileType(input, name)).toEqual({ ok: true, type });
  });

  it.each([
    ["a Windows program", bytes("MZ", [0x90, 0]), "setup.pdf"],
    ["an ELF program", bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1]), "tool"],
    ["a Mach-O program", bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0]), "app"],
    ["a shell script", text("#!/bin/sh\nrm -rf ~"), "notes.txt"],
    ["a text file named like a program", text("echo hi"), "run.bat"],
    ["an installer in an Office container", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "setup.msi"],
    ["an Office container under another name", bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "thing.dat"],
    ["an HTML page", text("<!DOCTYPE html><html><body>hi</body></html>"), "page.txt"],
    ["an HTML fragment after a BOM and spaces", text("\uFEFF  <script>alert(1)</script>"), "x.md"],
    ["a text file named .html", text("hello"), "hello.html"],
    ["an SVG with a script element", text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg"],
    ["an SVG with an event attribute", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "x.svg"],
    ["an SVG with a javascript: link", text('<!-- logo --><svg><a href="javascript:alert(1)"><rect/></a></svg>'), "x.svg"],
    ["an SVG with foreign HTML", text("<svg><foreignObject><div>x</div></foreignObject></svg>"), "x.svg"],
    ["bytes that are not UTF-8", bytes([0xc3, 0x28, 0xa0, 0xa1]), "data.txt"],
    ["binary with NUL bytes", bytes("abc", [0, 1, 2]), "data.txt"],
    ["an empty file", new Uint8Array(), "empty.txt"],
  ])("refuses %s", (_what, input, name) => {
    expect(sniffFileType(input, name)).toEqual({ ok: false, reason: "file_type_refused" });
  });
});

describe("safeFileName", () => {
  it("keeps a normal name, in any language", () => {
    expect(safeFileName("Отчёт за май.pdf")).toBe("Отчёт за май.pdf");
  });
  it("drops paths, quotes and control characters", () => {
    expect(safeFileName('C:\\Users\\x\\"evil"\u0007.txt')).toBe("evil.txt");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("..")).toBe("file");
  });
  it("shortens a long name and keeps its extension", () => {
    const name = safeFileName(`${"a".repeat(400)}.xlsx`);
    expect(name.length).toBe(FILE_NAME_MAX);
    expect(name.endsWith(".xlsx")).toBe(true);
  });
});

describe("contentDisposition", () => {
  it("shows images inline and downloads everything else", () => {
    expect(contentDisposition("a.png", "image/png")).toMatch(/^inline;/);
    expect(contentDisposition("a.svg", "image/svg+xml")).toMatch(/^attachment;/);
    expect(contentDisposition("a.pdf", "application/pdf")).toMatch(/^attachment;/);
  });
  it("percent-encodes what RFC 5987 does not allow bare", () => {
    expect(contentDisposition("it's (1)*.txt", "text/plain")).toBe(`attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`);
  });
  it("carries any name safely", () => {
    expect(contentDisposition('Отчёт "1";.pdf', "application/pdf")).toBe(
      `attachment; filename="_____ _1__.pdf"; filename*=UTF-8''${encodeURIComponent('Отчёт "1";.pdf')}`,
    );
  });
});
