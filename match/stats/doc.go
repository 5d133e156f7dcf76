// Package stats holds the arithmetic of engine matches: the score and
// Elo of a series of games with its 95% interval, game pairs counted
// pentanomially, and the sequential probability ratio test (SPRT) that
// stops a match as soon as it has decided.
//
// It follows fastchess's conventions so that numbers from `seega match`
// can be read side by side with theirs: a game pair scores 0, ¼, ½, ¾ or
// 1 (its two games averaged), the Elo interval comes from the variance
// of those pair scores, and the LLR is the normal (GSPRT) approximation
// of the log-likelihood ratio with bounds expressed in normalized or
// logistic Elo.
package stats
