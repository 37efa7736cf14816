"""One module per `tooltutor` subcommand: `add_parser(parser)` and `run(args) -> int`."""
