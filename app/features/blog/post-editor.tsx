import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { renderMarkdown } from "../../../domain/blog/markdown";
import { POST_STATES, type PostState } from "../../../domain/blog/posts";
import { slugify } from "../../../domain/blog/slugify";
import { postBody } from "../../../domain/blog/schemas";
import { LANGUAGES, type Language } from "../../../domain/i18n/languages";
import type { CategoryView, PostSummary, PostView } from "../../../workers/services/blog";
import { Field, FormAlert } from "../../components/ui/field";
import { serverErrors, zodFieldErrors } from "../../components/ui/form-errors";
import { useApi } from "../shell/errors";
import { coverVariants } from "./cover-variants";

type Listed = PostSummary & { state: PostState; translation_group: string };

/** `datetime-local` text of a moment, in the writer's time zone. */
const localInput = (ms: number | null) => (ms === null ? "" : new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16));

/**
 * The post editor: Markdown on the left, the live preview on the right (the very renderer the
 * server uses), the post's language, category, translation link, state and cover around them.
 */
export function PostEditor({ post, categories, posts }: { post: PostView | null; categories: CategoryView[]; posts: Listed[] }) {
  const { t, i18n } = useTranslation("blog");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    language: (post?.language ?? (i18n.language as Language)) as Language,
    category: post?.category ?? categories[0]?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    body: post?.body ?? "",
    state: (post?.state ?? "draft") as PostState,
    publish_at: localInput(post?.published_at ?? null),
    translation_of: posts.find((p) => post && p.translation_group === post.translation_group && p.guid !== post.guid)?.guid ?? "",
    cover_alt: post?.cover?.alt ?? "",
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => renderMarkdown(values.body), [values.body]);
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const parsed = postBody.safeParse({
      ...values,
      publish_at: values.state === "scheduled" && values.publish_at ? new Date(values.publish_at).getTime() : null,
      translation_of: values.translation_of || null,
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    setBusy(true);
    const result = post ? await api<PostView>("PUT", `/v1/blog/posts/${post.guid}`, parsed.data, { quiet: true }) : await api<PostView>("POST", "/v1/blog/posts", parsed.data, { quiet: true });
    setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      setErrors(s.fields);
      return setNotice({ tone: "error", text: s.detail });
    }
    setNotice({ tone: "success", text: t("editor.saved") });
    if (!post) await navigate(`/blog/write/${result.data.guid}`);
    else await revalidate();
  };

  const upload = async (file: File | undefined) => {
    if (!file || !post) return;
    const form = new FormData();
    form.append("cover", file);
    setBusy(true);
    for (const copy of await coverVariants(file)) form.append("variant", copy, `variant.${copy.type === "image/webp" ? "webp" : "png"}`);
    const result = await api<PostView>("POST", `/v1/blog/posts/${post.guid}/cover`, form, { quiet: true });
    setBusy(false);
    if (result.error) return setErrors({ ...errors, cover: serverErrors(result.error, t).detail });
    setErrors({ ...errors, cover: "" });
    setNotice({ tone: "success", text: t("editor.coverUploaded") });
    await revalidate();
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5" data-testid="post-editor">
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label className="label" htmlFor="post-category">
            {t("editor.category")}
          </label>
          <select id="post-category" className="input" value={values.category} onChange={(e) => set({ category: e.target.value })} aria-invalid={errors.category ? true : undefined}>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.category && <p className="field-error">{errors.category}</p>}
        </div>
        <div>
          <label className="label" htmlFor="post-language">
            {t("editor.language")}
          </label>
          <select id="post-language" className="input" value={values.language} onChange={(e) => set({ language: e.target.value as Language })} aria-invalid={errors.language ? true : undefined}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`common:language.names.${l}`)}
              </option>
            ))}
          </select>
          {errors.language && <p className="field-error">{errors.language}</p>}
        </div>
        <div>
          <label className="label" htmlFor="post-translation">
            {t("editor.translationOf")}
          </label>
          <select id="post-translation" className="input" value={values.translation_of} onChange={(e) => set({ translation_of: e.target.value })}>
            <option value="">{t("editor.noTranslation")}</option>
            {posts
              .filter((p) => p.guid !== post?.guid)
              .map((p) => (
                <option key={p.guid} value={p.guid}>
                  {p.language.toUpperCase()} · {p.title}
                </option>
              ))}
          </select>
        </div>
      </div>
      <Field
        label={t("editor.postTitle")}
        name="title"
        value={values.title}
        error={errors.title}
        onChange={(e) => set({ title: e.target.value, ...(slugTouched ? {} : { slug: slugify(e.target.value) }) })}
      />
      <div>
        <Field
          label={t("editor.slug")}
          name="slug"
          value={values.slug}
          error={errors.slug}
          onChange={(e) => {
            setSlugTouched(true);
            set({ slug: e.target.value });
          }}
        />
        <p className="muted mt-1 text-xs">{t("editor.slugHint", { category: values.category, slug: values.slug || "…" })}</p>
      </div>
      <div>
        <label className="label" htmlFor="post-excerpt">
          {t("editor.excerpt")}
        </label>
        <textarea id="post-excerpt" name="excerpt" className="input min-h-16" value={values.excerpt} onChange={(e) => set({ excerpt: e.target.value })} aria-invalid={errors.excerpt ? true : undefined} />
        <p className="muted mt-1 text-xs">{errors.excerpt ? <span className="field-error">{errors.excerpt}</span> : t("editor.excerptHint")}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col">
          <label className="label" htmlFor="post-body">
            {t("editor.body")}
          </label>
          <textarea id="post-body" name="body" className="input min-h-96 flex-1 font-mono text-sm" value={values.body} onChange={(e) => set({ body: e.target.value })} aria-invalid={errors.body ? true : undefined} />
          <p className="muted mt-1 text-xs">{errors.body ? <span className="field-error">{errors.body}</span> : t("editor.bodyHint")}</p>
        </div>
        <section aria-labelledby="post-preview-title" className="flex flex-col">
          <h2 id="post-preview-title" className="label">
            {t("editor.preview")}
          </h2>
          <div className="card min-h-96 flex-1 p-5" lang={values.language} data-testid="post-preview">
            {/* Not a heading: the editor page has its own h1; the post page shows this as its h1. */}
            {values.title && <p className="mb-4 text-2xl font-extrabold">{values.title}</p>}
            {values.body ? <div className="post-body" dangerouslySetInnerHTML={{ __html: preview }} /> : <p className="muted">{t("editor.previewEmpty")}</p>}
          </div>
        </section>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="label">{t("editor.state")}</legend>
          <div className="flex flex-wrap gap-4">
            {POST_STATES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm">
                <input type="radio" name="state" value={s} checked={values.state === s} onChange={() => set({ state: s })} />
                {t(`editor.states.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {values.state === "scheduled" && (
          <Field label={t("editor.publishAt")} name="publish_at" type="datetime-local" value={values.publish_at} error={errors.publish_at} onChange={(e) => set({ publish_at: e.target.value })} />
        )}
      </div>
      <div className="card flex flex-col gap-3 p-4">
        <div>
          <label className="label" htmlFor="post-cover">
            {t("editor.cover")}
          </label>
          {post?.cover && <img src={post.cover.url} alt={post.cover.alt} className="mb-3 max-h-40 rounded-lg" data-testid="editor-cover" />}
          <input
            id="post-cover"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={!post}
            onChange={(e) => void upload(e.target.files?.[0])}
            aria-invalid={errors.cover ? true : undefined}
            className="text-sm"
          />
          <p className="muted mt-1 text-xs">{errors.cover ? <span className="field-error">{errors.cover}</span> : post ? t("editor.coverHint") : t("editor.coverSaveFirst")}</p>
        </div>
        <Field label={t("editor.coverAlt")} name="cover_alt" value={values.cover_alt} error={errors.cover_alt} onChange={(e) => set({ cover_alt: e.target.value })} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="post-save">
          {t("editor.save")}
        </button>
        {post && (
          <Link to={post.url} className="link" data-testid="post-open">
            {t("editor.view")}
          </Link>
        )}
      </div>
    </form>
  );
}
