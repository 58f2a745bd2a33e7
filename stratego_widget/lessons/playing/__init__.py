"""Playing a lesson step: the step's state, the learner's proposal judged against it, the
opponent's answer, the search for a solution, and the run through a lesson's steps."""
