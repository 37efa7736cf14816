"""The Textual application. Screens stay thin; course logic lives in plain modules."""
