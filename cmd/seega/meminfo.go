package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// machineMemory is the machine's memory in bytes, and false where it
// cannot be told (no /proc/meminfo: not Linux). A variable, so that a
// test can play a small machine.
var machineMemory = func() (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	return memTotal(f)
}

// memTotal reads the MemTotal line of a /proc/meminfo, "MemTotal:
// 16314276 kB".
func memTotal(f *os.File) (uint64, bool) {
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseUint(fields[0], 10, 64)
		if err != nil {
			return 0, false
		}
		return kb * 1024, true
	}
	return 0, false
}
