"""Translations of a course: overlay files applied over the source text (docs/translations.md).

An overlay `lessons/<lang>/<name>.yaml` (or `exercises/<lesson>/<lang>/<name>.yaml`)
translates the source file `<name>.yaml` one folder up. It holds only what a learner
reads, in the structure of `LESSON_TEXT` / `EXERCISE_TEXT` below: lists of sections,
sources, participants, criteria and exercise choices are matched by id; objectives, recap
points, hints, blocks, diagram steps and the choices of an inline check one to one, in
order. Everything else comes from the source.

- `apply`: `translate_lesson` / `translate_exercise` apply an overlay's text to a copy of a
  source item; `untranslated` on the copy names every field that fell back to the source
  language, as a path through the overlay's structure with ids for lists matched by id
  and 1-based numbers for lists matched in order (`recap`, `sections/diagram`,
  `sections/talk/blocks/2/check/why_here`, `criteria/protocol`), or is `{WHOLE}` when the
  item has no usable translation at all (`model.WHOLE`).
- `spec`: that structure, described once; `merge`: matching an overlay to its source.
- `data_text`: an exercise's `given` and its criteria's `params` are data, not text, but
  some of their strings reach the learner (`learner_text`): the notes and `what` words a
  check puts in its messages and hints. An exercise overlay translates them by JSON
  pointer (`given_text: {/notes/send_sms: ...}`, `params_text: {criterion-id: {/what:
  ...}}`), and may also give any other string of the params a value for its language (a
  pattern that accepts a Portuguese answer too); the translated criteria are self-tested
  under that language (`LanguageReport.retuned`). JSON pointers: `pointers`.
- `fingerprint`: `source_hash(item)` fingerprints a source's translatable text: the first
  12 hex digits of the SHA-256 of its canonical JSON (sorted keys, no spaces, UTF-8) in
  the overlay's structure, without `id`, `lang` and `source_hash`. An overlay whose
  `source_hash` differs was made from older text: a stale translation.
- `translator`: `Translator` finds, reads, checks and applies the overlays of one
  language for the loader, and counts what it found (`report.LanguageReport`) for
  `tooltutor validate`.
- `stamp`: `tooltutor stamp LANG --dir COURSE_DIR` (or `python -m
  tooltutor.course.translation stamp [COURSE_DIR] LANG`) rewrites the
  `source_hash:` line of every overlay of LANG to the current hash, leaving the rest of
  each file as it is, and prints what changed.

This package depends on the course model (`tooltutor.course.model`), never on the loader:
the loader calls it.

Problems use the loader's `file:line:col` reporting: a schema error, an id the source does
not have, a list whose length differs from the source's, a block of another kind and a
`lang` that is not the folder's are errors (that part falls back to the source); a field
left out and a stale hash are warnings.
"""
