/**
 * The sortable id of a lane's own handle; card ids are task guids, card drop zones `lane:<guid>`.
 * Its own module so the lazily loaded drag kit and the board's drag seam (`drag.ts`, which loads
 * the kit) both read it without importing each other.
 */
export const laneMoveId = (lane: string) => `move:${lane}`;
export const isLaneMove = (id: string | number) => String(id).startsWith("move:");
