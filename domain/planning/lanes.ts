/**
 * The order of the planning board's sprint lanes (`PATCH /spaces`). The backlog is lane 0 and
 * never moves; the other board sprints are numbered 1, 2, 3… Archived sprints are not lanes.
 */
export interface Lane {
  guid: string;
  sort: number;
}

/**
 * Applies `[{guid, sort}]` to the lanes (given in board order) and renumbers them 1…n,
 * returning only the lanes whose number changes. A moved lane takes the place it asked for and
 * pushes the lane that was there down; the others keep their order.
 */
export function reorderLanes(lanes: readonly Lane[], moves: readonly Lane[]): { order: string[]; changed: Lane[] } {
  const wanted = new Map(moves.map((m) => [m.guid, m.sort]));
  const ordered = lanes
    .map((lane, index) => ({ lane, index, key: wanted.get(lane.guid) ?? lane.sort, moved: wanted.has(lane.guid) }))
    .sort((a, b) => a.key - b.key || Number(b.moved) - Number(a.moved) || a.index - b.index);
  const changed = ordered.flatMap(({ lane }, i) => (lane.sort === i + 1 ? [] : [{ guid: lane.guid, sort: i + 1 }]));
  return { order: ordered.map(({ lane }) => lane.guid), changed };
}

/**
 * The board's side of a lane drag: the lane at `from` (board order, backlog excluded) goes to
 * `to`, the others keep their order, and every lane whose number is not its new place 1…n is
 * sent. Sending all of them (not just the moved one) keeps the server's renumbering (above)
 * exact even when older writes left gaps or ties in the numbers.
 */
export function moveLane(lanes: readonly Lane[], from: number, to: number): { order: string[]; changed: Lane[] } {
  if (from < 0 || from >= lanes.length || to < 0 || to >= lanes.length) return { order: lanes.map((l) => l.guid), changed: [] };
  const next = [...lanes];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return {
    order: next.map((l) => l.guid),
    changed: next.flatMap((lane, i) => (lane.sort === i + 1 ? [] : [{ guid: lane.guid, sort: i + 1 }])),
  };
}

