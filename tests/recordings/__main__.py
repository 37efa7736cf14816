"""`python -m tests.recordings import FILE --repo OWNER/NAME --commit SHA --path PATH --licence L`

Adds a public recording to the corpus: reads FILE (a cassette, HAR file, httprr trace,
session record...; see `importer`), keeps the exchanges the linter is judged on, made
small, and writes them with their source to `data/OWNER+NAME/<file name>.json`. Run it
from the repository's root; then run `python -m pytest tests/recordings` and, for a
recorded 400 no rule explains yet, add `"gap": "why"` to that exchange.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
#: licences whose terms let a test suite keep derived data, with attribution
LICENCES = ("MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "0BSD", "Unlicense")


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    from importer import read_recording

    parser = argparse.ArgumentParser(prog="python -m tests.recordings")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("import", help="add a recording to the corpus")
    add.add_argument("file")
    add.add_argument("--repo", required=True, help="OWNER/NAME of the public repository")
    add.add_argument("--commit", required=True)
    add.add_argument("--path", required=True, help="the file's path in that repository")
    add.add_argument("--licence", required=True, choices=LICENCES)
    args = parser.parse_args(argv)
    exchanges = read_recording(args.file)
    if not exchanges:
        print(f"{args.file}: no exchange with the three endpoints answered 2xx or 400")
        return 1
    folder = DATA / args.repo.replace("/", "+")
    folder.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(args.path).stem)[:120]
    target = folder / f"{stem}.json"
    if target.exists() and json.loads(target.read_text(encoding="utf-8"))["source"]["path"] != (
        args.path
    ):
        # another file of the same name (Polly's `recording.har`): name it by its folder too
        parent = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(args.path).parent.name)[:80]
        target = folder / f"{parent}_{stem}.json"
    record = {
        "source": {
            "repo": args.repo,
            "commit": args.commit,
            "path": args.path,
            "licence": args.licence,
        },
        "exchanges": [dict(e) for e in exchanges],
    }
    target.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    kinds = {}
    for e in exchanges:
        kinds[e["status"]] = kinds.get(e["status"], 0) + 1
    print(f"wrote {target.relative_to(HERE.parent.parent)}: {kinds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
