"""The screens of the TUI: course map, lesson reader, exercise workspace, help.

Screens compose widgets and route events; what to show and when comes from the plain
modules `tooltutor.journey`, `tooltutor.pages` and `tooltutor.workspace`.
"""
