package board

// Symmetries is the number of symmetries of the square board: four
// rotations, each with or without a mirror. Every rule of RULES.md is
// the same under all of them (the centre maps to itself), so a position
// and its images have the same value and the same number of legal turns:
// perft checks that, and the opening builder and the tablebases use it
// to treat a position and its images as one.
const Symmetries = 8

// symmetryMaps are the eight symmetries as maps of (file, rank) on an
// n×n board; index 0 is the identity.
var symmetryMaps = [Symmetries]func(f, r, n int) (int, int){
	func(f, r, n int) (int, int) { return f, r },
	func(f, r, n int) (int, int) { return n - 1 - r, f },         // rotate 90°
	func(f, r, n int) (int, int) { return n - 1 - f, n - 1 - r }, // rotate 180°
	func(f, r, n int) (int, int) { return r, n - 1 - f },         // rotate 270°
	func(f, r, n int) (int, int) { return n - 1 - f, r },         // mirror files
	func(f, r, n int) (int, int) { return f, n - 1 - r },         // mirror ranks
	func(f, r, n int) (int, int) { return r, f },                 // main diagonal
	func(f, r, n int) (int, int) { return n - 1 - r, n - 1 - f }, // anti-diagonal
}

// TransformSquare maps sq on an n×n board through symmetry sym
// (0 ≤ sym < Symmetries). NoSquare and the chain marker ChainAny map to
// themselves.
func TransformSquare(sq Square, n, sym int) Square {
	if sq < 0 {
		return sq
	}
	f, r := symmetryMaps[sym](int(sq)%n, int(sq)/n, n)
	return Square(r*n + f)
}

// TransformBitboard maps every square of b on an n×n board through
// symmetry sym.
func TransformBitboard(b Bitboard, n, sym int) Bitboard {
	if sym == 0 {
		return b
	}
	var out Bitboard
	for b.Any() {
		out = out.Or(SquareBit(TransformSquare(b.Pop(), n, sym)))
	}
	return out
}
