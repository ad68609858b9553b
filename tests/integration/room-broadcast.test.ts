// The room's broadcast on its own (durable-objects/room/broadcast.ts), inside workerd, with a room
// whose writes become durable when the test says so: what it sends, and when it writes again.
import type { Connection } from "partyserver";
import { describe, expect, it } from "vitest";
import { RoomBroadcast } from "../../durable-objects/room/broadcast";
import { newPokerRoom, reducePoker, type PokerState } from "../../domain/rooms/poker";
import type { RoomState } from "../../domain/rooms/views";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A room of `members` open sockets; each write's `sync()` resolves only when the test resolves it. */
function fakeRoom(members: string[]) {
  let state: RoomState = newPokerRoom({ owner: members[0]!, ownerName: "Owner", deck: "custom", customCards: ["1", "2", "3"] });
  let seq = 0;
  const frames: string[] = [];
  const sockets = members.map((member) => ({ readyState: WebSocket.OPEN, state: { member }, send: (frame: string) => frames.push(frame) }) as unknown as Connection<{ member: string }>);
  const commits: (() => void)[] = [];
  const room = {
    kind: () => "poker" as const,
    state: () => state,
    seq: () => seq,
    sockets: () => sockets,
    store: () => {},
    durable: () => new Promise<void>((resolve) => commits.push(resolve)),
  };
  /** A member joins: the next seq, as the room object applies it. */
  const change = (member: string) => {
    const result = reducePoker(state as PokerState, { type: "join", name: member, role: "voter" }, member, Date.now());
    if ("error" in result) throw new Error(result.error);
    state = result.state;
    seq += 1;
  };
  return { room, frames, commits, change };
}

describe("a room's broadcast", () => {
  it("keeps at most one write in flight from its own frames, even after a REST read wrote while one was", async () => {
    const { room, commits, change } = fakeRoom(["owner", "ann", "ben", "cid"]);
    const broadcast = new RoomBroadcast(room);
    broadcast.reset();

    // The first change goes out at once: its write is in flight.
    change("ann");
    broadcast.queue("ann");
    expect(commits).toHaveLength(1);
    // A REST read sends what is queued now, whatever is in flight: a second write.
    change("ben");
    broadcast.queue("ben");
    await sleep(10);
    expect(commits).toHaveLength(1);
    broadcast.current();
    expect(commits).toHaveLength(2);
    // A change that comes meanwhile waits for both writes, not for the first alone.
    change("cid");
    broadcast.queue("cid");
    commits[0]!();
    await sleep(10);
    expect(commits).toHaveLength(2);
    commits[1]!();
    await sleep(10);
    expect(commits).toHaveLength(3);
  });

  it("sends what came during the write of a frame that ended a silence as soon as that write is durable, and keeps the window after that", async () => {
    // 2,000 sockets: a 200 ms window, far longer than a write's few milliseconds or a loaded machine's stall.
    const members = Array.from({ length: 2_000 }, (_, i) => (i === 0 ? "owner" : `guest-${i}`));
    const { room, commits, change } = fakeRoom(members);
    const broadcast = new RoomBroadcast(room);
    broadcast.reset();

    // The room was quiet: the first change goes out at once.
    change("guest-1");
    broadcast.queue("guest-1");
    expect(commits).toHaveLength(1);
    // One that comes during its write (the backlog a paused isolate finds) goes out once it is durable.
    change("guest-2");
    broadcast.queue("guest-2");
    commits[0]!();
    await sleep(5);
    expect(commits).toHaveLength(2);
    // The room is busy now: the next change waits for the window, as every frame of a busy room does.
    change("guest-3");
    broadcast.queue("guest-3");
    commits[1]!();
    await sleep(5);
    expect(commits).toHaveLength(2);
    await sleep(250);
    expect(commits).toHaveLength(3);
  });
});
