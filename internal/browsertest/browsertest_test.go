package browsertest

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// testPage counts clicks on a button, shows a field's value once it
// changes, and throws when asked to.
const testPage = `<!doctype html><meta charset="utf-8"><title>t</title>
<button id="b" style="width:80px;height:40px">click</button><span id="n">0</span>
<input id="f"><span id="v"></span><button id="boom">boom</button>
<div id="from" style="width:40px;height:40px;background:#ccc">from</div><div id="to" style="width:40px;height:40px;background:#eee">to</div><span id="drag"></span>
<script>
let n = 0;
document.getElementById("b").addEventListener("click", () => {
  n++; setTimeout(() => { document.getElementById("n").textContent = n }, 100) });
document.getElementById("f").addEventListener("change", e => {
  document.getElementById("v").textContent = e.target.value });
let dragFrom = "";
document.addEventListener("pointerdown", e => { dragFrom = e.target.id });
document.addEventListener("pointerup", e => { const t = document.elementFromPoint(e.clientX, e.clientY);
  document.getElementById("drag").textContent = dragFrom + "→" + (t ? t.id : "") });
document.getElementById("boom").addEventListener("click", () => { throw new Error("boom on purpose") });
</script>`

// TestTab drives a small page through every helper: a real mouse click,
// a drag, a delayed change awaited, a field set, a screenshot, and an uncaught
// exception recorded.
func TestTab(t *testing.T) {
	b := Start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(testPage))
	}))
	defer srv.Close()
	tab := b.NewTab(t)
	tab.Navigate(srv.URL)
	tab.Click("#b")
	tab.Click("#b")
	tab.WaitTrue("two clicks counted", `document.getElementById("n").textContent === "2"`, 5*time.Second)

	tab.SetValue("#f", "e5")
	var v string
	tab.MustEval(`document.getElementById("v").textContent`, &v)
	if v != "e5" {
		t.Errorf("after SetValue the page shows %q, want e5", v)
	}

	tab.Press("#from")
	tab.Release("#to")
	tab.WaitTrue("the drag seen", `document.getElementById("drag").textContent === "from→to"`, 5*time.Second)

	var sum int
	if err := tab.Eval(`new Promise(r => setTimeout(() => r(40 + 2), 10))`, &sum); err != nil || sum != 42 {
		t.Errorf("a promise evaluates to %d (%v), want 42", sum, err)
	}
	if err := tab.Eval(`undefined`, &sum); err == nil {
		t.Error("evaluating undefined into an int gave no error")
	}

	tab.Viewport(375, 667, true)
	png := tab.Screenshot()
	if !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("the screenshot is not a PNG: % x", png[:min(8, len(png))])
	}

	if ex := tab.Exceptions(); len(ex) != 0 {
		t.Fatalf("exceptions before any was thrown: %v", ex)
	}
	tab.Click("#boom")
	tab.WaitFor("the exception recorded", 5*time.Second, func() (bool, string, error) {
		ex := tab.Exceptions()
		return len(ex) == 1 && strings.Contains(ex[0], "boom on purpose"), strings.Join(ex, "; "), nil
	})

	// A second tab of the same browser is a separate page.
	other := b.NewTab(t)
	other.Navigate(srv.URL)
	var n string
	other.MustEval(`document.getElementById("n").textContent`, &n)
	if n != "0" {
		t.Errorf("a new tab shows %q clicks, want 0", n)
	}
}
