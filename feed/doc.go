// Package feed is the referee's MQTT side: a client that publishes rulings, shot
// records, live events and the referee's status to a broker and takes commands
// from it, and an embedded broker for running without one.
//
// # Topics
//
// Every topic is under a configurable prefix, normally cueref/<hall>/<table>/
// (TopicPrefix):
//
//	status      retained, QoS 1  {"state":"online","camera":"ok","fps":59.8,"since":"2026-…Z"};
//	                              {"state":"offline","camera":"unknown"} is the last will
//	state       retained, QoS 1  the latest ruling (shot.Ruling JSON) other than kind "error":
//	                              what a scoreboard needs when it connects
//	ruling      QoS 1            every ruling, in order
//	shot        QoS 1            every shot record, in order
//	event       QoS 0            live tracker events (shot.Event JSON), best effort
//	cmd         subscribed       commands; raw payloads go to the CommandFunc
//	cmd/result  QoS 1            one answer per command: {"id":…,"ok":false,"error":"…","seq":n}
//
// Rulings and shots go through a persistent queue on disk (Config.QueueDir):
// Ruling and Shot return once the record is appended and fsync'd, and a record
// leaves the queue only when the broker has acknowledged it (PUBACK). The queue is
// published strictly one record at a time, in order, so subscribers see rulings in
// order; after a lost connection, a broker restart or a restart of this process
// (the queue is loaded from disk by New) delivery resumes where it stopped. QoS 1
// allows a duplicate — the record in flight when the connection broke may arrive
// twice — never a reordering. A subscriber with a persistent session may also
// get again, flagged DUP, messages the broker had sent it but whose PUBACK it had
// not processed when it went down: a subscriber drops a seq it has already seen.
// The queue is bounded by Config.MaxQueue records:
// beyond it the oldest is dropped, logged and counted.
//
// Events are never queued: when the client is disconnected they are dropped and
// counted (Stats.EventsDropped). Command results are not queued either. A live
// event carries two extra fields beside the contract's: "captured", the capture
// time of the frame that showed it, and "provisional": true when the tracker
// told it on that first frame, before it was sure; the confirmed event of the
// same kind and balls follows, with a better time, or none does when it was
// withdrawn. Only shot records are judged.
//
// Commands: every message on cmd is answered on cmd/result. A payload larger than
// Config.MaxCmdBytes (64 KiB by default) is answered with an error without being
// read; any other payload is handed to the CommandFunc, whatever it contains, and
// its answer echoes the command's "id" when the payload is a JSON object with one.
// Commands are handled one at a time in arrival order. (The client still receives
// an oversized payload whole; to stop it at the broker, set mosquitto's
// message_size_limit.)
//
// # Use
//
//	f, err := feed.New(feed.Config{
//		Broker:   "tcp://broker.local:1883", // "" starts the embedded broker
//		Prefix:   feed.TopicPrefix("club", "t3"),
//		ClientID: "cueref-club-t3",
//		QueueDir: filepath.Join(stateDir, "mqtt-queue"),
//	}, logger, onCommand)
//	if err != nil { … }
//	defer f.Close()
//	if err := f.Start(ctx); err != nil { … } // connects in the background
//	f.SetStatus("ok", 59.8)
//	f.Ruling(&ruling)                          // on disk when it returns
//	f.Event(ev)                                // never blocks
//	stats := f.Stats()                         // queue depth, reconnects, … for /metrics
//
// # The broker side
//
// The client turns Nagle's algorithm off on its TCP connection (TCP_NODELAY; Go
// does by default, the feed sets it explicitly). For the same on the broker's side
// of the connection, and so for the subscribers' latency, put in mosquitto.conf:
//
//	set_tcp_nodelay true
//
// TLS (ssl://, tls://, mqtts://, wss:// brokers) uses Config.CAFile and an
// optional client certificate (CertFile, KeyFile); Username and Password are sent
// when set. The client reconnects by itself, with exponential backoff from 1 s up
// to Config.ReconnectMax, and connects with a clean session, so commands sent
// while the referee was away are not replayed to it.
//
// The embedded broker (Broker, mochi-mqtt) listens for MQTT on TCP (":1883") and
// for MQTT over WebSocket (":9001", for browser scoreboards), keeps retained
// messages in memory and lets anyone connect unless EmbeddedConfig.Users is set.
//
// Log lines use log/slog with constant attribute keys (broker, topic, depth, err,
// bytes, …).
package feed
