import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PostSummary } from "../../../workers/services/blog";
import { formatPostDate } from "./dates";
import { PostCover } from "./post-cover";

/** A card's cover is 16 rem wide beside the text from `sm` up, the card's full width below. */
const CARD_COVER_SIZES = "(min-width: 640px) 16rem, calc(100vw - 2rem)";

/** A post in a category's list: cover, title, excerpt, date and reading time. */
export function PostCard({ post }: { post: PostSummary }) {
  const { t } = useTranslation("blog");
  return (
    <li className="card overflow-hidden" data-testid="post-card" data-slug={post.slug}>
      <Link to={post.url} className="flex flex-col sm:flex-row">
        {post.cover && (
          <PostCover cover={post.cover} sizes={CARD_COVER_SIZES} className="aspect-[1200/630] w-full object-cover sm:w-64 sm:shrink-0" />
        )}
        <div className="flex flex-col gap-2 p-5">
          <h2 className="text-xl leading-snug font-bold">{post.title}</h2>
          {post.excerpt && <p className="muted">{post.excerpt}</p>}
          <p className="muted text-sm">
            {post.published_at && <time dateTime={new Date(post.published_at).toISOString()}>{formatPostDate(post.published_at, post.language)}</time>}
            {" · "}
            {t("readingTime", { count: post.reading_minutes })}
          </p>
        </div>
      </Link>
    </li>
  );
}
