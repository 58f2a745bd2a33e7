"""The classroom: each attempt, the learner's progress file and its keeper, the teacher's
class summary, grading checks, and the course site."""
