// Package browsertest drives headless Chromium (Debian's package) with
// chromedp for the tests of the project's web pages: the live view of
// `seega match --serve` (match/live) and the board of `seega serve`
// (web). It holds what those tests share, so that each says only what it
// checks: how the browser is started, how long a step may take, reading
// the page with JavaScript, waiting for a condition, clicking, and
// screenshots.
//
// Where Chromium is missing a test skips, saying how to install it;
// under CI=true (.ci/run, which installs it) it fails instead, so that CI
// never passes with the browser tests left out.
package browsertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// ExecPath is where Debian's chromium package puts the browser.
const ExecPath = "/usr/bin/chromium"

// StepTimeout bounds one step on a page (a navigation, a click, a script);
// a busy two-core machine can take seconds for what takes milliseconds on
// a quiet one, so it is generous.
const StepTimeout = 20 * time.Second

// WaitTimeout bounds WaitFor when no other bound is given.
const WaitTimeout = 20 * time.Second

// pollEvery is how often WaitFor reads the page again.
const pollEvery = 50 * time.Millisecond

// Path returns the Chromium to run: ExecPath, else a chromium on $PATH.
// When there is none the test skips, or fails under CI=true.
func Path(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(ExecPath); err == nil {
		return ExecPath
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	const why = "chromium is not installed (apt-get install chromium)"
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s: under CI=true the browser tests must run, not skip", why)
	}
	t.Skipf("%s: skipping the browser test", why)
	return ""
}

// Browser is one headless Chromium process. Its tabs are independent
// pages; tests that share a Browser save its start-up (about a second
// on a busy machine) and may run their tabs in parallel.
type Browser struct {
	ctx    context.Context // a chromedp context that has run: the browser is up
	cancel context.CancelFunc
	stop   sync.Once
}

// Start starts a headless Chromium for the test (or skips it, see Path)
// and stops it when the test ends.
func Start(t testing.TB) *Browser {
	t.Helper()
	b, err := Launch(Path(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// Launch starts a headless Chromium from execPath, for a caller that
// manages its life itself (a TestMain sharing one browser among tests);
// Close stops it. The flags keep it off the network but for the pages it
// is sent to (the test machines have none) and out of any user profile;
// no-sandbox because the tests run as root.
func Launch(execPath string) (*Browser, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(execPath),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.WindowSize(1280, 800),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	// The first Run starts the browser; it must not carry a timeout (that
	// would stop the browser with it), so the start is bounded apart.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	var err error
	select {
	case err = <-started:
	case <-time.After(StepTimeout):
		err = fmt.Errorf("no answer within %v", StepTimeout)
	}
	cancel := func() { cancelCtx(); cancelAlloc() }
	if err != nil {
		cancel()
		return nil, fmt.Errorf("starting %s: %w", execPath, err)
	}
	return &Browser{ctx: ctx, cancel: cancel}, nil
}

// Close stops the browser and every tab of it.
func (b *Browser) Close() { b.stop.Do(b.cancel) }

// Tab is one page of a Browser, bound to a test: every step that fails
// fails the test, naming the step.
type Tab struct {
	t   testing.TB
	ctx context.Context

	pressed [2]float64 // where Press holds the mouse

	mu         sync.Mutex
	exceptions []string // uncaught JavaScript exceptions, in order
}

// NewTab opens a blank tab, closed when the test ends. Each tab is a
// browser context of its own (as a private window is): tabs share no
// cookies or localStorage, so that what one test's page stores does not
// steer another's. The page's uncaught exceptions are recorded
// (Exceptions) and its console errors logged to the test.
func (b *Browser) NewTab(t testing.TB) *Tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	tab := &Tab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	// chromedp enables the runtime domain on every tab, so exceptions
	// and console calls come as events.
	if err := chromedp.Listen(ctx, tab.listen); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	return tab
}

// listen records the page's exceptions and console errors; it runs on
// chromedp's reading goroutine, so it only records.
func (tab *Tab) listen(ev any) {
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		text := ev.ExceptionDetails.Text
		if e := ev.ExceptionDetails.Exception; e != nil && e.Description != "" {
			text += " " + e.Description
		}
		tab.mu.Lock()
		tab.exceptions = append(tab.exceptions, text)
		tab.mu.Unlock()
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError {
			var parts []string
			for _, a := range ev.Args {
				if len(a.Value) > 0 {
					parts = append(parts, string(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			tab.t.Logf("page console.error: %s", strings.Join(parts, " "))
		}
	}
}

// Exceptions returns the page's uncaught JavaScript exceptions so far.
func (tab *Tab) Exceptions() []string {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	return append([]string(nil), tab.exceptions...)
}

// NoExceptions fails the test if the page threw an uncaught exception.
func (tab *Tab) NoExceptions() {
	tab.t.Helper()
	if ex := tab.Exceptions(); len(ex) > 0 {
		tab.t.Errorf("the page threw %d uncaught exception(s): %s", len(ex), strings.Join(ex, "; "))
	}
}

// do runs steps with StepTimeout.
func (tab *Tab) do(steps ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(tab.ctx, StepTimeout)
	defer cancel()
	return chromedp.Do(ctx, steps...)
}

// Navigate loads url and waits for its load event.
func (tab *Tab) Navigate(url string) {
	tab.t.Helper()
	if err := tab.do(chromedp.Navigate(url)); err != nil {
		tab.t.Fatalf("navigating to %s: %v", url, err)
	}
}

// Reload reloads the page, as a person pressing F5, and waits for it.
func (tab *Tab) Reload() {
	tab.t.Helper()
	if err := tab.do(chromedp.Reload()); err != nil {
		tab.t.Fatalf("reloading: %v", err)
	}
}

// Location returns the page's URL.
func (tab *Tab) Location() string {
	tab.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, StepTimeout)
	defer cancel()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		tab.t.Fatalf("reading the location: %v", err)
	}
	return loc
}

// Click clicks, with the mouse, the centre of the first element matching
// the CSS selector, once it is there, visible, enabled and on top at its
// centre (not covered). The centre is found and the mouse pressed and
// released there, rather than on a DOM node found first: a page that
// redraws (the board on every state it is sent) replaces the node, and
// a click on the old one would fail though the square is still there.
func (tab *Tab) Click(selector string) {
	tab.t.Helper()
	x, y := tab.pointAt(selector)
	if err := tab.do(chromedp.MouseClickXY(x, y)); err != nil {
		tab.t.Fatalf("clicking %s at (%.0f, %.0f): %v", selector, x, y, err)
	}
}

// Press presses the left mouse button on the element's centre (as
// Click finds it) and holds it: the start of a drag, which Release ends.
func (tab *Tab) Press(selector string) {
	tab.t.Helper()
	x, y := tab.pointAt(selector)
	if err := tab.do(chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))); err != nil {
		tab.t.Fatalf("pressing on %s at (%.0f, %.0f): %v", selector, x, y, err)
	}
	tab.pressed = [2]float64{x, y}
}

// Release moves the held mouse to the element's centre, in a few steps
// as a hand does, and releases it there: the end of a drag.
func (tab *Tab) Release(selector string) {
	tab.t.Helper()
	x, y := tab.pointAt(selector)
	x0, y0 := tab.pressed[0], tab.pressed[1]
	const steps = 4
	for i := 1; i <= steps; i++ {
		f := float64(i) / steps
		mx, my := x0+(x-x0)*f, y0+(y-y0)*f
		if err := tab.do(chromedp.MouseEvent(chromedp.MouseMoved, mx, my, chromedp.ButtonLeft)); err != nil {
			tab.t.Fatalf("dragging to %s: %v", selector, err)
		}
	}
	if err := tab.do(chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))); err != nil {
		tab.t.Fatalf("releasing on %s at (%.0f, %.0f): %v", selector, x, y, err)
	}
}

// pointAt waits until the element matching the selector can be clicked
// (there, enabled, visible, on top at its centre) and returns its centre.
func (tab *Tab) pointAt(selector string) (x, y float64) {
	tab.t.Helper()
	sel, _ := json.Marshal(selector)
	script := fmt.Sprintf(`(() => { const e = document.querySelector(%s);
  if (!e) return {why: "not in the page"};
  if (e.disabled) return {why: "disabled"};
  e.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return {why: "not visible"};
  const x = r.left + r.width / 2, y = r.top + r.height / 2, top = document.elementFromPoint(x, y);
  if (!top || !(top === e || e.contains(top))) return {why: "covered by " + (top ? top.tagName + "#" + top.id + "." + top.className : "nothing")};
  return {x, y}; })()`, sel)
	var at struct {
		X, Y float64
		Why  string
	}
	tab.WaitFor(selector+" ready to click", 0, func() (bool, string, error) {
		at.Why = ""
		err := tab.Eval(script, &at)
		return err == nil && at.Why == "", at.Why, err
	})
	return at.X, at.Y
}

// SetValue sets the value of a form field (input, select, textarea) and
// sends it the input and change events a person's edit would.
func (tab *Tab) SetValue(selector, value string) {
	tab.t.Helper()
	sel, _ := json.Marshal(selector)
	val, _ := json.Marshal(value)
	script := fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return false;
  e.value = %s; e.dispatchEvent(new Event("input", {bubbles: true}));
  e.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, sel, val)
	var ok bool
	if err := tab.Eval(script, &ok); err != nil || !ok {
		tab.t.Fatalf("setting %s to %q: found %v, %v", selector, value, ok, err)
	}
}

// Eval evaluates a JavaScript expression in the page and decodes its
// value (which must be JSON-serialisable) into out. An error (the page
// still loading, a script error) is returned, not fatal, so that polls
// can go on.
func (tab *Tab) Eval(expr string, out any) error {
	ctx, cancel := context.WithTimeout(tab.ctx, StepTimeout)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	if len(raw) == 0 {
		return errors.New("the expression has no JSON value (undefined)")
	}
	return json.Unmarshal(raw, out)
}

// MustEval is Eval, failing the test on an error.
func (tab *Tab) MustEval(expr string, out any) {
	tab.t.Helper()
	if err := tab.Eval(expr, out); err != nil {
		tab.t.Fatalf("evaluating %s: %v", expr, err)
	}
}

// WaitFor polls cond until it returns true, for at most timeout
// (WaitTimeout when 0). On timeout the test fails, saying what was
// awaited and what cond last said: its error, and the last value it
// described with the returned string.
func (tab *Tab) WaitFor(what string, timeout time.Duration, cond func() (ok bool, last string, err error)) {
	tab.t.Helper()
	if timeout == 0 {
		timeout = WaitTimeout
	}
	deadline := time.Now().Add(timeout)
	for {
		ok, last, err := cond()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tab.t.Fatalf("the page never showed %s within %v; last seen: %s (error: %v); exceptions: %v",
				what, timeout, last, err, tab.Exceptions())
		}
		select {
		case <-time.After(pollEvery):
		case <-tab.ctx.Done():
			tab.t.Fatalf("waiting for %s: the tab is gone: %v", what, tab.ctx.Err())
		}
	}
}

// WaitTrue waits until the JavaScript expression is true.
func (tab *Tab) WaitTrue(what, expr string, timeout time.Duration) {
	tab.t.Helper()
	tab.WaitFor(what, timeout, func() (bool, string, error) {
		var v any
		err := tab.Eval(expr, &v)
		b, _ := v.(bool)
		return b, fmt.Sprint(v), err
	})
}

// Viewport sets the page's size in CSS pixels; mobile emulates a phone
// (the meta viewport honoured, touch on, the page scaled as a phone's).
func (tab *Tab) Viewport(width, height int64, mobile bool) {
	tab.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(2))
	}
	if err := tab.do(chromedp.EmulateViewport(width, height, opts...)); err != nil {
		tab.t.Fatalf("setting the viewport to %d×%d: %v", width, height, err)
	}
}

// Screenshot returns the visible part of the page as PNG.
func (tab *Tab) Screenshot() []byte {
	tab.t.Helper()
	ctx, cancel := context.WithTimeout(tab.ctx, StepTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tab.t.Fatalf("taking a screenshot: %v", err)
	}
	return png
}

// SaveScreenshot writes the visible part of the page to path as PNG.
func (tab *Tab) SaveScreenshot(path string) {
	tab.t.Helper()
	if err := os.WriteFile(path, tab.Screenshot(), 0o644); err != nil {
		tab.t.Fatal(err)
	}
}
