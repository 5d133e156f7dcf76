package gtp

import (
	"strings"
)

// command is one parsed GTP command line: "[id] name args…".
type command struct {
	id   string // the digits of the optional id, or ""
	name string
	args []string
}

// parseLine preprocesses one input line as GTP version 2 says (drop
// control characters but tab, cut the comment, tabs are spaces) and splits
// it. ok is false for a line with nothing left, which gets no response.
// A line holding only an id is returned with an empty name.
func parseLine(line string) (c command, ok bool) {
	var sb strings.Builder
	for _, r := range line {
		switch {
		case r == '#':
			goto done
		case r == '\t':
			sb.WriteByte(' ')
		case r < 32 || r == 127:
			// dropped, CR included
		default:
			sb.WriteRune(r)
		}
	}
done:
	fields := strings.Fields(sb.String())
	if len(fields) == 0 {
		return command{}, false
	}
	if isDigits(fields[0]) {
		c.id = fields[0]
		fields = fields[1:]
	}
	if len(fields) > 0 {
		c.name, c.args = fields[0], fields[1:]
	}
	return c, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isInterrupt reports whether line is GoGui's interrupt request, a comment
// line that it sends while a command runs (for programs that list
// gogui-interrupt).
func isInterrupt(line string) bool {
	return strings.TrimSpace(line) == "# interrupt"
}

// formatResponse writes one GTP response: "=id text" or "?id text", then
// an empty line. Empty lines inside text would end the response early, so
// they are dropped.
func formatResponse(id string, text string, failed bool) string {
	var sb strings.Builder
	if failed {
		sb.WriteByte('?')
	} else {
		sb.WriteByte('=')
	}
	sb.WriteString(id)
	sb.WriteByte(' ')
	first := true
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, " \r")
		if l == "" && !first {
			continue
		}
		if !first {
			sb.WriteByte('\n')
		}
		sb.WriteString(l)
		first = false
	}
	sb.WriteString("\n\n")
	return sb.String()
}
