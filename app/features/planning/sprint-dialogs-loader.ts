/**
 * The sprint dialogs' chunk, loaded when a hand reaches for a sprint control (the pointer on
 * "New sprint" or a sprint's menu, or focus there), not while the board loads: it carries the
 * schema library, whose first evaluation was the board's longest task after hydration
 * (issue 17). A second call gets the same module.
 */
export const loadSprintDialogs = () => import("./sprint-dialogs");
