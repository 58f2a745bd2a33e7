"""The lesson board: the lesson's session beside the board's, the course map, the widgets
and what their panels show."""
