import { useRef } from "react";

/**
 * `list` as the same array as on the last render while its items are the same, item for item: a
 * list built afresh on each render (a lane's task ids) then does not count as a change for what
 * compares by identity, such as dnd-kit's sortable context, whose every row renders again when
 * its `items` array is new (issue 17: one card's status change rendered every row and lane).
 */
export function useSameList<T>(list: T[]): T[] {
  const last = useRef(list);
  const previous = last.current;
  if (previous !== list && (previous.length !== list.length || list.some((item, i) => item !== previous[i]))) last.current = list;
  return last.current;
}
