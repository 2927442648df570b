"""A page's kernel, as a separate process, for the class store's tests (never collected).

    python tests/classroom_worker.py MODE URL TABLE_ID [ARG]

Modes (each opens its own ClassStore on URL, as a Voilà kernel would, and prints one JSON line):

* ``append N``: append moves (code "X", seat 0) as fast as it can until the log holds N;
  prints how many it wrote and how many were refused (MoveTaken).
* ``bots GO``: a bot runner that plays every seat (learners' too, as empty seats under the
  class's "bot" policy: the table's class must have it): it opens the table, says it
  is ready, waits until the file GO exists, then moves until the game ends; prints its final
  step and MoveTaken count.
* ``move KEY GO INDEX``: the learner with KEY opens the table, says it is ready, and plays
  their legal move number INDEX as soon as the file GO exists; prints "taken" or "moved_on"
  and what its session holds afterwards.
* ``die``: a bot runner that kills itself (SIGKILL) inside the transaction of its next move,
  after the INSERT and before the COMMIT.
* ``play``: a bot runner that plays every seat until the game ends (the test kills it).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from tablekit.classroom import ClassStore, MoveTaken, SharedSession


def wait_for(path: str) -> None:
    deadline = time.monotonic() + 60
    while not Path(path).exists():
        if time.monotonic() > deadline:
            raise SystemExit("no go")
        time.sleep(0.0005)


def bot_runner(url: str, table_id: int) -> SharedSession:
    """A bot runner that plays every seat: its store's clock is two hours ahead, so under the
    class's "bot" policy every learner's seat counts as empty."""
    store = ClassStore(url, clock=lambda: time.time() + 7200)
    return SharedSession.for_bots(store, table_id)


def main(argv: list[str]) -> None:
    mode, url, table_id = argv[0], argv[1], int(argv[2])
    out: dict[str, object] = {}
    if mode == "append":
        store = ClassStore(url)
        target, taken, refused = int(argv[3]), 0, 0
        while True:
            last = len(store.moves(table_id))
            if last >= target:
                break
            try:
                store.append_move(table_id, last + 1, "X", 0)
                taken += 1
            except MoveTaken:
                refused += 1
        out = {"taken": taken, "refused": refused}
    elif mode == "bots":
        session = bot_runner(url, table_id)
        store = session.store
        refused = 0
        original = store.append_move

        def counting(*args: object, **kw: object) -> None:
            nonlocal refused
            try:
                original(*args, **kw)  # type: ignore[arg-type]
            except MoveTaken:
                refused += 1
                raise

        store.append_move = counting  # type: ignore[method-assign]
        print(json.dumps({"ready": session.step_index}), flush=True)
        wait_for(argv[3])
        while not session.is_over:
            session.poll()
            session.bot_move()
        out = {"step": session.step_index, "refused": refused}
    elif mode == "move":
        store = ClassStore(url)
        key, go, index = argv[3], argv[4], int(argv[5])
        session = SharedSession.for_learner(store, key, table_id)
        code = session.legal_actions()[index].code
        print(json.dumps({"ready": session.step_index}), flush=True)
        wait_for(go)
        try:
            session.play(code)
            out = {"result": "taken", "code": code}
        except MoveTaken as exc:
            out = {"result": "moved_on", "code": code, "seq": exc.seq}
        out["step"] = session.step_index
        out["actions"] = list(session.record().actions)
    elif mode in ("die", "play"):
        session = bot_runner(url, table_id)
        store = session.store
        if mode == "die":
            @event.listens_for(store.engine, "after_cursor_execute")
            def _die(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool) -> None:
                if statement.lstrip().upper().startswith("INSERT INTO MOVES"):
                    os.kill(os.getpid(), signal.SIGKILL)  # inside the move's transaction
        print(json.dumps({"ready": session.step_index}), flush=True)
        while not session.is_over:
            session.bot_move()
        out = {"step": session.step_index}
    print(json.dumps(out), flush=True)
    store.close()


if __name__ == "__main__":
    main(sys.argv[1:])
