import { DndContext, type DragEndEvent, closestCenter } from "@dnd-kit/core";
import { SortableContext, rectSortingStrategy, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatRelativeTime } from "../../../domain/time/format";
import type { ProjectView } from "../../../workers/services/projects";
import { useDragSensors } from "../../lib/use-drag-sensors";

function ProjectCard({ project, now }: { project: ProjectView; now: number }) {
  const { t, i18n } = useTranslation("projects");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: project.guid });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={`card relative flex flex-col p-5 transition ${isDragging ? "z-10 opacity-80 shadow-xl" : "hover:border-[var(--primary)]"}`} data-testid="project-card" data-guid={project.guid}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        className="muted absolute top-2 right-2 inline-flex min-h-6 min-w-6 cursor-grab items-center justify-center rounded px-1.5 py-0.5 text-lg leading-none hover:bg-[var(--surface-2)] active:cursor-grabbing"
        aria-label={t("list.drag", { name: project.name })}
        data-testid="project-drag"
      >
        ⠿
      </button>
      <Link to={`/project/${project.guid}`} className="pr-8 font-semibold hover:text-[var(--primary)]">
        {project.name}
      </Link>
      {project.description && <p className="muted mt-1 line-clamp-2 text-sm">{project.description}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4 text-xs">
        <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5 font-medium">{t(`roles.${project.access.role}`)}</span>
        {project.hidden && <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5">{t("list.hidden")}</span>}
        {project.archive && <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5">{t("list.archived")}</span>}
        {!project.access.is_verifications && <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5">{t("list.pendingVerification")}</span>}
        <span className="muted ml-auto">{formatRelativeTime(project.updated_at, now, i18n.language)}</span>
      </div>
    </li>
  );
}

/** The user's projects as cards they can drag into their own order. */
export function SortableProjects({ projects, now, onMove }: { projects: ProjectView[]; now: number; onMove: (from: number, to: number) => void }) {
  const sensors = useDragSensors();
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      projects.findIndex((p) => p.guid === active.id),
      projects.findIndex((p) => p.guid === over.id),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={projects.map((p) => p.guid)} strategy={rectSortingStrategy}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="projects-list">
          {projects.map((p) => (
            <ProjectCard key={p.guid} project={p} now={now} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
