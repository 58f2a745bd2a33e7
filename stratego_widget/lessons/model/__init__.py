"""The lesson model: texts in four languages, goals, steps, citations of the rulebooks, a
lesson, the library of lesson files and the writer that saves one. Pure data: no game is
played here and nothing is shown."""
