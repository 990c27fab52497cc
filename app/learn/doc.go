// Package learn holds the lessons of both games: each a small position,
// one task, a line of text, and the engine's judgement of an attempt.
//
// A lesson starts from a position or a record in the rulebook's notation
// ([Lesson.Start]); [Lesson.Play] plays a person's action through the
// engine, which refuses what the rules forbid, and then asks the lesson's
// task whether the result is what was asked: done, not yet (a task of
// several stones), or wrong (try again). The lessons come in order
// ([Gyre], [Gyges]); the next one follows on success.
package learn
