"""The lesson editor: a draft lesson changed by clicking on the board, checked and saved,
and its widget."""
