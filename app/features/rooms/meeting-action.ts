/**
 * The room's "Meeting" button, handed from the host that owns the meeting to the room's header,
 * which shows it at the end of its title row (nothing when the meeting is open or there is none).
 */
import { createContext, type ReactNode } from "react";

export const MeetingAction = createContext<ReactNode>(null);
