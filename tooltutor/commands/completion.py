"""`tooltutor completion bash|zsh|fish`: a shell completion script, printed to stdout.

It completes the commands, each command's options, exercise ids (for `start`, `check`,
`hint`, `reset`), lesson ids (for `show`), languages (`--lang`) and folders (`--course`,
`--dir`). Ids are asked of `tooltutor completion --ids exercises|lessons` when you press
Tab, so they follow the course in use (`--course` on the line is not seen; the
`TOOLTUTOR_COURSE` variable is). Install, for example:

    tooltutor completion bash > ~/.local/share/bash-completion/completions/tooltutor
    tooltutor completion zsh > ~/.tooltutor.zsh; echo 'source ~/.tooltutor.zsh' >> ~/.zshrc
    tooltutor completion fish > ~/.config/fish/completions/tooltutor.fish
"""

from __future__ import annotations

import argparse
import io

from tooltutor.commands.parser import build_parser
from tooltutor.errors import UserError
from tooltutor.i18n import t

SHELLS = ("bash", "zsh", "fish")
#: Which ids a command's positional argument takes.
TAKES_EXERCISE = ("start", "check", "hint", "reset")
TAKES_LESSON = ("show",)
TAKES_FILE = ("check", "lint", "validate", "watch")
FOLDER_OPTIONS = ("--course", "--dir")


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.description = t("a shell completion script, printed to stdout.")
    parser.epilog = (
        t("install it, for example:")
        + "\n"
        + "\n".join(
            "  " + line.strip()
            for line in __doc__.split("Install, for example:")[1].strip().splitlines()
        )
    )
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("shell", nargs="?", choices=SHELLS, help=t("the shell to complete in"))
    parser.add_argument(
        "--ids", choices=("exercises", "lessons"), help=argparse.SUPPRESS
    )  # what the scripts call on Tab
    parser.set_defaults(run=run)


def run(args) -> int:
    if args.ids:
        return _print_ids(args)
    if args.shell is None:
        raise UserError(t("name a shell: tooltutor completion bash, zsh or fish"))
    print(script(args.shell), end="")
    return 0


def _print_ids(args) -> int:
    """One id a line; nothing (and exit 0) when the course cannot load: Tab stays quiet."""
    # on first use, not at import: contextlib (1 module)
    import contextlib

    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (35 modules)
    from tooltutor.course import load_course

    try:
        with contextlib.redirect_stderr(io.StringIO()):
            course = load_course(args.course)
    except Exception:
        return 0
    ids = course.lesson_order if args.ids == "lessons" else list(course.exercises)
    print("\n".join(ids))
    return 0


def _commands() -> dict[str, tuple[str, list[str]]]:
    """Each command: (its one-line help, its options), read off the real parser."""
    parser = build_parser(None)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {choice.dest: choice.help for choice in sub._choices_actions}
    found = {}
    for name, command in sub.choices.items():
        options = [
            flag
            for action in command._actions
            if action.help is not argparse.SUPPRESS
            for flag in action.option_strings
            if flag.startswith("--")
        ]
        found[name] = (helps.get(name, ""), options)
    return found


def _global_options() -> list[str]:
    return [
        flag
        for action in build_parser("")._actions
        for flag in action.option_strings
        if flag.startswith("--")
    ]


def _languages() -> list[str]:
    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (35 modules)
    from tooltutor.course import load_course

    try:
        return list(load_course(None).languages)
    except Exception:
        return ["en", "pt-BR", "ru"]


def script(shell: str) -> str:
    """The completion script for `shell`."""
    commands = _commands()
    if shell == "fish":
        return _fish(commands)
    body = _bash(commands)
    if shell == "zsh":  # zsh runs the bash function through its bashcompinit layer
        return (
            "# tooltutor completion for zsh (through bashcompinit): source it from ~/.zshrc\n"
            "(( $+functions[compdef] )) || { autoload -U compinit && compinit; }\n"
            "autoload -U +X bashcompinit && bashcompinit\n" + body
        )
    return "# tooltutor completion for bash\n" + body


def _bash(commands) -> str:
    option_cases = "\n".join(
        f"        {name}) opts={_q(' '.join(options))} ;;"
        for name, (_, options) in commands.items()
    )
    return f"""_tooltutor() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local cmd="" i opts
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${{COMP_WORDS[i]}}" in
            --course|--lang) ((i++)) ;;
            -*) ;;
            *) cmd="${{COMP_WORDS[i]}}"; break ;;
        esac
    done
    case "$prev" in
        {"|".join(FOLDER_OPTIONS)}) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --lang) COMPREPLY=($(compgen -W {_q(" ".join(_languages()))} -- "$cur")); return ;;
    esac
    if [[ -z "$cmd" ]]; then
        COMPREPLY=($(compgen -W {_q(" ".join([*commands, *_global_options()]))} -- "$cur"))
        return
    fi
    if [[ "$cur" == -* ]]; then
        case "$cmd" in
{option_cases}
        esac
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
        return
    fi
    case "$cmd" in
        {"|".join(TAKES_EXERCISE)})
            COMPREPLY=($(compgen -W "$(tooltutor completion --ids exercises 2>/dev/null)" \\
                -- "$cur")) ;;
        {"|".join(TAKES_LESSON)})
            COMPREPLY=($(compgen -W "$(tooltutor completion --ids lessons 2>/dev/null)" \\
                -- "$cur")) ;;
        completion) COMPREPLY=($(compgen -W {_q(" ".join(SHELLS))} -- "$cur")) ;;
    esac
    case "$cmd" in
        {"|".join(TAKES_FILE)}) COMPREPLY+=($(compgen -f -- "$cur")) ;;
    esac
}}
complete -o filenames -F _tooltutor tooltutor
"""


def _fish(commands) -> str:
    lines = ["# tooltutor completion for fish", "complete -c tooltutor -f"]
    names = " ".join(commands)
    for name, (help_text, _) in commands.items():
        lines.append(
            f"complete -c tooltutor -n 'not __fish_seen_subcommand_from {names}' "
            f"-a {name} -d {_q(help_text)}"
        )
    for flag in _global_options():
        lines.append(f"complete -c tooltutor -l {flag[2:]}")
    for name, (_, options) in commands.items():
        for flag in options:
            lines.append(
                f"complete -c tooltutor -n '__fish_seen_subcommand_from {name}' -l {flag[2:]}"
            )
    seen = "__fish_seen_subcommand_from"
    lines += [
        f"complete -c tooltutor -n '{seen} {' '.join(TAKES_EXERCISE)}' "
        "-a '(tooltutor completion --ids exercises 2>/dev/null)'",
        f"complete -c tooltutor -n '{seen} {' '.join(TAKES_LESSON)}' "
        "-a '(tooltutor completion --ids lessons 2>/dev/null)'",
        f"complete -c tooltutor -n '{seen} {' '.join(TAKES_FILE)}' -F",
        f"complete -c tooltutor -n '{seen} completion' -a {_q(' '.join(SHELLS))}",
        f"complete -c tooltutor -l lang -x -a {_q(' '.join(_languages()))}",
        *(
            f"complete -c tooltutor -l {flag[2:]} -x -a '(__fish_complete_directories)'"
            for flag in FOLDER_OPTIONS
        ),
    ]
    return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    """Single-quoted for the shell."""
    return "'" + text.replace("'", "'\\''") + "'"
