"""A page's kernel, as a separate process, for the class store's tests (never collected).

    python tests/classroom_worker.py MODE URL TABLE_ID [ARG]

Modes (each opens its own ClassStore on URL, as a Voilà kernel would, and prints one JSON line):

* ``append N``: append moves (code "X", seat 0) as fast as it can until the log holds N;
  prints how many it wrote and how many were refused (MoveTaken).
* ``bots GO``: a bot runner that plays every seat (learners' too), waiting until the file GO
  exists, then moving until the game ends; prints its final step and MoveTaken count.
* ``move KEY GO INDEX``: the learner with KEY plays their legal move number INDEX as soon as
  the file GO exists; prints "taken" or "moved_on" and what its session holds afterwards.
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

from sqlalchemy import event

from tablekit.classroom import ClassStore, MoveTaken, SharedSession


def wait_for(path: str) -> None:
    deadline = time.monotonic() + 60
    while not Path(path).exists():
        if time.monotonic() > deadline:
            raise SystemExit("no go")
        time.sleep(0.0005)


def bot_runner(store: ClassStore, table_id: int) -> SharedSession:
    session = SharedSession.for_bots(store, table_id)
    session.remote = frozenset()  # (this runner plays every seat, the learners' too)
    return session


def main(argv: list[str]) -> None:
    mode, url, table_id = argv[0], argv[1], int(argv[2])
    store = ClassStore(url)
    out: dict[str, object] = {}
    if mode == "append":
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
        session = bot_runner(store, table_id)
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
        wait_for(argv[3])
        while not session.is_over:
            session.poll()
            session.bot_move()
        out = {"step": session.step_index, "refused": refused}
    elif mode == "move":
        key, go, index = argv[3], argv[4], int(argv[5])
        session = SharedSession.for_learner(store, key, table_id)
        code = session.legal_actions()[index].code
        wait_for(go)
        try:
            session.play(code)
            out = {"result": "taken", "code": code}
        except MoveTaken as exc:
            out = {"result": "moved_on", "code": code, "seq": exc.seq}
        out["step"] = session.step_index
        out["actions"] = list(session.record().actions)
    elif mode in ("die", "play"):
        session = bot_runner(store, table_id)
        if mode == "die":
            @event.listens_for(store.engine, "after_cursor_execute")
            def _die(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
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
