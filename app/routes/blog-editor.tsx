import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, data, useRevalidator } from "react-router";
import { categoryBody } from "../../domain/blog/schemas";
import { cloudflareContext } from "../../workers/context";
import { blogEditorPage } from "../../workers/services/pages/blog";
import { languageOf } from "../../workers/services/i18n";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { PostEditor } from "../features/blog/post-editor";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/blog-editor";

/** `/blog/write/{postGuid?}`: site administrators write and edit posts; anyone else is refused. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  if (!viewer?.site_admin) return data({ allowed: false as const }, { status: 403, headers: { "Cache-Control": "no-store" } });
  const { categories, posts, post } = await blogEditorPage(env, languageOf(request), params.postGuid);
  if (post === undefined) throw data(null, { status: 404 });
  return data({ allowed: true as const, categories, posts, post }, { headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: "Blog editor" }, { name: "robots", content: "noindex, nofollow" }];
}

/** A category made from the editor: a slug and a name in the interface language. */
function NewCategory() {
  const { t, i18n } = useTranslation("blog");
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({ slug: "", name: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { slug: values.slug, names: { [i18n.language]: values.name } };
    const parsed = categoryBody.safeParse(body);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    const result = await api("POST", "/v1/blog/categories", parsed.data, { quiet: true });
    if (result.error) return setErrors({ ...serverErrors(result.error, t).fields, body: serverErrors(result.error, t).detail });
    setErrors({});
    setValues({ slug: "", name: "" });
    await revalidate();
  };
  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-3 p-4" data-testid="new-category">
      <h2 className="font-semibold">{t("editor.newCategory")}</h2>
      {errors.body && <FormAlert tone="error">{errors.body}</FormAlert>}
      <Field label={t("editor.categorySlug")} value={values.slug} error={errors.slug} onChange={(e) => setValues({ ...values, slug: e.target.value })} />
      <Field label={t("editor.categoryName")} value={values.name} error={errors.names ?? errors[`names.${i18n.language}`]} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      <button type="submit" className="btn self-start">
        {t("editor.createCategory")}
      </button>
    </form>
  );
}

export default function BlogEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  if (!loaderData.allowed) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="blog-editor-forbidden">
        <h1 className="text-xl font-semibold">{t("editor.title")}</h1>
        <p className="muted mt-3">{t("editor.forbidden")}</p>
      </main>
    );
  }
  const { categories, posts, post } = loaderData;
  return (
    <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr]" data-testid="blog-editor">
      <aside className="flex flex-col gap-4">
        <Link to="/blog/write" className="btn btn-primary" data-testid="new-post" reloadDocument>
          {t("editor.newPost")}
        </Link>
        <nav aria-label={t("editor.posts")} className="card p-3">
          <h2 className="label">{t("editor.posts")}</h2>
          {posts.length === 0 ? (
            <p className="muted text-sm">{t("editor.noPosts")}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {posts.map((p) => (
                <li key={p.guid}>
                  <Link to={`/blog/write/${p.guid}`} className={`block rounded px-2 py-1 hover:bg-[var(--surface-2)] ${p.guid === post?.guid ? "font-semibold text-[var(--primary)]" : ""}`} reloadDocument>
                    <span className="muted mr-1 text-xs uppercase">{p.language}</span>
                    {p.title}
                    <span className="muted block text-xs">{t(`editor.states.${p.state}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <NewCategory />
      </aside>
      <section>
        <h1 className="mb-4 text-2xl font-bold">{post ? post.title : t("editor.newPost")}</h1>
        {categories.length === 0 ? <p className="card muted p-6">{t("editor.noCategories")}</p> : <PostEditor key={post?.guid ?? "new"} post={post} categories={categories} posts={posts} />}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("blog");
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
      <Link to="/blog/write" className="link mt-3 inline-block">
        {t("editor.title")}
      </Link>
    </main>
  );
}
