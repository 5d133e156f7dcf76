module seega

go 1.26

require (
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/klauspost/cpuid/v2 v2.2.10
	github.com/pkg/profile v1.7.0
	github.com/spf13/pflag v1.1.0
	github.com/zeebo/xxh3 v1.1.0
)

require (
	github.com/felixge/fgprof v0.9.3 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/pprof v0.0.0-20211214055906-6f57359322fd // indirect
	golang.org/x/sys v0.30.0 // indirect
)
