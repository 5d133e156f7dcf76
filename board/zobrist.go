package board

// Zobrist keys, drawn once from a fixed seed and never written again, so
// that hashes are the same on every run and every machine.
//
// The hash covers everything that decides the legal actions except the
// counters: stones, side to act, stones in hand, the chain, the pending
// ransom and the flags. At the start of a movement turn the hands, chain,
// pending request and turn-refused flag are at their defaults, whose keys
// are zero, so there the hash is exactly the repetition key of RULES.md
// 3.6: board, side to act, "last turn was a pass", "asked" and "accepted".
var (
	zobristStone   [2][stoneKeys]uint64 // keys past MaxSquares stay 0: see stoneKey
	zobristSide    uint64               // xored in when Black is to act
	zobristHand    [2][64]uint64
	zobristChain   [MaxSquares + 2]uint64 // index chain+2: "+" is 0, none is 1 (key 0)
	zobristPending [MaxSquares + 1]uint64 // index pending+1: none is 0 (key 0)
	zobristPassed  uint64
	zobristAsked   uint64
	zobristAccept  uint64
	zobristRefused uint64
)

func init() {
	seed := uint64(0x5EE6A5EE6A5EE6A)
	next := func() uint64 { // splitmix64
		seed += 0x9E3779B97F4A7C15
		z := seed
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := 0; c < 2; c++ {
		for sq := 0; sq < MaxSquares; sq++ {
			zobristStone[c][sq] = next()
		}
		for h := 1; h < len(zobristHand[c]); h++ {
			zobristHand[c][h] = next()
		}
	}
	zobristSide = next()
	for i := range zobristChain {
		if i != 1 {
			zobristChain[i] = next()
		}
	}
	for i := 1; i < len(zobristPending); i++ {
		zobristPending[i] = next()
	}
	zobristPassed, zobristAsked, zobristAccept, zobristRefused = next(), next(), next(), next()
}

// stoneKeys is the length of a colour's row of stone keys: a power of two
// above every square index, so that stoneKey's index needs no bounds
// check on the hottest path.
const stoneKeys = 128

// stoneKey is the key of c's stone on sq.
func stoneKey(c Color, sq Square) uint64 { return zobristStone[c&1][uint8(sq)&(stoneKeys-1)] }
