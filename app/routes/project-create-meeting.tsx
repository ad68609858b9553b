import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createMeetingInput, MAX_MEETING_DESCRIPTION, MAX_MEETING_NAME } from "../../domain/meetings/schemas";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { CREATED_KEY, meetingFailure } from "../features/meetings/toasts";
import { useApi } from "../features/shell/errors";
import type { Route } from "./+types/project-create-meeting";

/**
 * `/project/{projectId}/create-meeting` (spec §2, §5): name and description are required; a
 * refusal shows the server's detail (else the fallback toast) and keeps what was typed.
 */
export default function ProjectCreateMeeting(_: Route.ComponentProps) {
  const { t } = useTranslation("meetings");
  const project = useProject();
  const api = useApi();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const canWrite = project.access.write || project.access.root;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The same schema the API validates with: the messages are keys of the `errors` namespace.
    const parsed = createMeetingInput.safeParse({ projectId: project.guid, name, description });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t(`errors:${issue.message}`);
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await api<{ guid: string }>("POST", "/meeting/rooms", parsed.data, { quiet: true });
    setBusy(false);
    if (res.error) {
      const fields = (res.error.data as { fields?: Record<string, string> } | undefined)?.fields;
      if (fields) setErrors(fields);
      meetingFailure(t, "create_failed", res.error);
      return;
    }
    // A full load: the meeting page's Permissions-Policy (camera, microphone) applies only to a
    // document loaded from it. The page shows the "created" toast.
    sessionStorage.setItem(CREATED_KEY, res.data.guid);
    window.location.assign(`/meeting/${res.data.guid}`);
  };

  if (!canWrite) return <NoAccess />;
  const fieldError = (field: string) =>
    errors[field] && (
      <span className="text-sm text-red-600" data-testid={`create-meeting-error-${field}`}>
        {errors[field]}
      </span>
    );
  return (
    <main className="mx-auto max-w-xl px-4 py-8">
      <form className="card flex flex-col gap-4 p-6" onSubmit={(e) => void submit(e)} noValidate data-testid="create-meeting-form">
        <div>
          <h2 className="text-xl font-semibold">{t("create.title")}</h2>
          <p className="muted text-sm">{t("create.subtitle")}</p>
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t("create.name")}
          <input className="input" value={name} maxLength={MAX_MEETING_NAME} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} data-testid="create-meeting-name" />
          {fieldError("name")}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t("create.description")}
          <textarea
            className="input min-h-28"
            value={description}
            maxLength={MAX_MEETING_DESCRIPTION}
            onChange={(e) => setDescription(e.target.value)}
            aria-invalid={!!errors.description}
            data-testid="create-meeting-description"
          />
          {fieldError("description")}
        </label>
        {fieldError("projectId")}
        <div className="flex justify-end gap-2">
          <Link className="btn" to={`/project/${project.guid}/meetings`}>
            {t("create.cancel")}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="create-meeting-submit">
            {t("create.submit")}
          </button>
        </div>
      </form>
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
