import { describe, expect, it } from "vitest";
import { markdownToText, readingMinutes, renderMarkdown, safeUrl } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings below the page title without gaps, paragraphs, emphasis and code", () => {
    expect(renderMarkdown("# A\n## B\n### C")).toBe("<h2>A</h2>\n<h2>B</h2>\n<h3>C</h3>");
    const html = renderMarkdown("# Title\n\nSome **bold**, *soft* and `x < y` text.\n\n```ts\nconst a = 1 < 2;\n```");
    expect(html).toBe('<h2>Title</h2>\n<p>Some <strong>bold</strong>, <em>soft</em> and <code>x &lt; y</code> text.</p>\n<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>');
  });

  it("renders lists, quotes, rules, links and images", () => {
    const html = renderMarkdown('- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---\n\n[site](https://example.com "Example") ![Cover](/api/v1/blog/cover/x.png)');
    expect(html).toContain("<ul><li>one</li><li>two</li></ul>");
    expect(html).toContain('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html).toContain("<blockquote><p>quoted</p></blockquote>");
    expect(html).toContain("<hr>");
    expect(html).toContain('<a href="https://example.com" title="Example" rel="nofollow noopener noreferrer">site</a>');
    expect(html).toContain('<img src="/api/v1/blog/cover/x.png" alt="Cover" loading="lazy" decoding="async">');
  });

  it("shows raw HTML as text: a script tag or an event handler never becomes markup", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n**<b onclick=alert(3)>x</b>**');
    expect(html).not.toMatch(/<script|<img|<b /i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("drops script, data and protocol-relative addresses from links and images, however they are spelt", () => {
    const attacks = [
      "[a](javascript:alert(1))",
      "[a](JaVaScRiPt:alert(1))",
      "[a](java\tscript:alert(1))",
      "[a](vbscript:msgbox)",
      "[a](data:text/html;base64,PHNjcmlwdD4=)",
      "[a](//evil.example/x)",
      "![a](javascript:alert(1))",
      "![a](data:image/svg+xml,<svg onload=alert(1)>)",
      "<javascript:alert(1)>",
    ];
    for (const md of attacks) {
      const html = renderMarkdown(md);
      expect(html, md).not.toMatch(/href=|src=/);
      expect(html, md).not.toMatch(/<(script|svg)/i);
    }
  });

  it("keeps quotes in titles and alt texts inside their attribute", () => {
    const html = renderMarkdown('![x" onerror="alert(1)](/a.png) [y](/b "t\\" onmouseover=\\"z")');
    expect(html).not.toMatch(/" onerror="|" onmouseover="/);
  });
});

describe("safeUrl", () => {
  it("keeps web, mail and same-site addresses", () => {
    expect(safeUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeUrl("mailto:team@example.com")).toBe("mailto:team@example.com");
    expect(safeUrl("/help")).toBe("/help");
    expect(safeUrl("#part")).toBe("#part");
    expect(safeUrl("mailto:x@example.com", "image")).toBeUndefined();
  });
});

describe("reading time", () => {
  it("counts the words a reader sees, at two hundred a minute and at least one", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 401 }, () => "word").join(" "))).toBe(3);
    expect(markdownToText("# Hi\n\n**bold** [link](https://x.example) `code`")).toBe("Hi bold link code");
  });
});
