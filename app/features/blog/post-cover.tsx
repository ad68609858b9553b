import type { PostSummary } from "../../../workers/services/blog";

/**
 * A post's cover image with its responsive variants: `sizes` says how wide it is shown, so the
 * browser picks the variant; a list's covers load lazily, the post page's with high priority.
 */
export function PostCover({ cover, sizes, priority = false, className, testId }: { cover: NonNullable<PostSummary["cover"]>; sizes: string; priority?: boolean; className: string; testId?: string }) {
  return (
    <img
      src={cover.url}
      srcSet={cover.srcset ?? undefined}
      sizes={cover.srcset ? sizes : undefined}
      alt={cover.alt}
      width={cover.width ?? undefined}
      height={cover.height ?? undefined}
      loading={priority ? undefined : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
      data-testid={testId}
    />
  );
}
