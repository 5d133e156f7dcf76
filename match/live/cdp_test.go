//go:build linux

package live

import (
	"bufio"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// This file drives headless Chromium through the DevTools protocol, with
// just enough of a websocket client for it. `chromium --dump-dom` cannot
// be used on the live page: it waits for the network to go quiet, and an
// event stream never does.

// browser is a headless Chromium with its DevTools port open.
type browser struct {
	cmd  *exec.Cmd
	dir  string
	port string
}

// startBrowser launches Chromium on pageURL. The flags keep it off the
// network but for the page (this machine has none) and out of the user's
// profile.
func startBrowser(bin, pageURL, dir string) (*browser, error) {
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--user-data-dir="+dir, "--remote-debugging-port=0", pageURL)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	b := &browser{cmd: cmd, dir: dir}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		data, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if err == nil {
			if port, _, ok := strings.Cut(string(data), "\n"); ok && port != "" {
				b.port = port
				return b, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.close()
	return nil, fmt.Errorf("chromium wrote no DevToolsActivePort within 20 s")
}

func (b *browser) close() {
	_ = syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	_ = b.cmd.Wait()
}

// page finds the DevTools websocket of the tab showing pageURL.
func (b *browser) page(pageURL string) (string, error) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get("http://127.0.0.1:" + b.port + "/json/list")
		if err == nil {
			var targets []struct{ Type, URL, WebSocketDebuggerURL string }
			err = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
			for _, t := range targets {
				if err == nil && t.Type == "page" && strings.HasPrefix(t.URL, pageURL) {
					return t.WebSocketDebuggerURL, nil
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "", fmt.Errorf("no tab shows %s", pageURL)
}

// devtools is a DevTools protocol session over a websocket.
type devtools struct {
	conn net.Conn
	br   *bufio.Reader
	id   int
}

func dialDevTools(wsURL string) (*devtools, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return nil, err
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return nil, err
	}
	var nonce [16]byte
	rand.Read(nonce[:])
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(nonce[:]))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		conn.Close()
		return nil, fmt.Errorf("websocket upgrade: %s", resp.Status)
	}
	return &devtools{conn: conn, br: br}, nil
}

func (d *devtools) close() { d.conn.Close() }

// writeText sends one masked text frame, as a client must.
func (d *devtools) writeText(payload []byte) error {
	var hdr []byte
	hdr = append(hdr, 0x81)
	switch n := len(payload); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126)
		hdr = binary.BigEndian.AppendUint16(hdr, uint16(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	hdr = append(hdr, mask[:]...)
	masked := make([]byte, len(payload))
	for i, c := range payload {
		masked[i] = c ^ mask[i%4]
	}
	_, err := d.conn.Write(append(hdr, masked...))
	return err
}

// readMessage reads one whole message, joining fragments.
func (d *devtools) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(d.br, h[:]); err != nil {
			return nil, err
		}
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(d.br, ext[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(d.br, ext[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(ext[:])
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(d.br, payload); err != nil {
			return nil, err
		}
		switch h[0] & 0x0f {
		case 0x8:
			return nil, fmt.Errorf("websocket closed")
		case 0x9, 0xa: // ping, pong: DevTools sends none; skip
			continue
		}
		msg = append(msg, payload...)
		if h[0]&0x80 != 0 {
			return msg, nil
		}
	}
}

// call sends one DevTools command and returns its result.
func (d *devtools) call(method string, params map[string]any) (json.RawMessage, error) {
	d.id++
	req, _ := json.Marshal(map[string]any{"id": d.id, "method": method, "params": params})
	_ = d.conn.SetDeadline(time.Now().Add(10 * time.Second))
	if err := d.writeText(req); err != nil {
		return nil, err
	}
	for {
		msg, err := d.readMessage()
		if err != nil {
			return nil, err
		}
		var resp struct {
			ID     int
			Error  *struct{ Message string }
			Result json.RawMessage
		}
		if err := json.Unmarshal(msg, &resp); err != nil || resp.ID != d.id {
			continue // an event, or another reply
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, resp.Error.Message)
		}
		return resp.Result, nil
	}
}

// evaluate runs a JavaScript expression in the page and returns its
// value, JSON-encoded.
func (d *devtools) evaluate(expr string) (json.RawMessage, error) {
	raw, err := d.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true})
	if err != nil {
		return nil, err
	}
	var res struct {
		Result           struct{ Value json.RawMessage }
		ExceptionDetails *struct{ Text string }
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, err
	}
	if e := res.ExceptionDetails; e != nil {
		return nil, fmt.Errorf("Runtime.evaluate: %s", e.Text)
	}
	return res.Result.Value, nil
}

// screenshot returns the page as PNG.
func (d *devtools) screenshot() ([]byte, error) {
	if _, err := d.call("Emulation.setDeviceMetricsOverride", map[string]any{
		"width": 1200, "height": 900, "deviceScaleFactor": 1, "mobile": false}); err != nil {
		return nil, err
	}
	raw, err := d.call("Page.captureScreenshot", map[string]any{"format": "png"})
	if err != nil {
		return nil, err
	}
	var res struct{ Data string }
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}
