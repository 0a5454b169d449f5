//! A fake chat-completions server for the `ask` and `calibrate` tests: plain
//! `std::net` threads on 127.0.0.1, one request per connection.
//!
//! The "model" adds up the numbers between `[` and `]` in the prompt and is
//! right with a probability that falls with their count along a logistic
//! curve the calibrator never sees (Korean prompts are harder). Whether one
//! prompt is answered right is decided by a hash of the prompt, so runs are
//! deterministic. Faults (HTTP 500, 429 with `Retry-After`, malformed JSON,
//! a hang) are served to the first requests when queued.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A fault served instead of an answer.
#[derive(Debug, Clone, Copy)]
pub enum Fault {
    /// HTTP 500.
    ServerError,
    /// HTTP 429 with `Retry-After: 0`.
    RateLimit,
    /// HTTP 200 with a body that is not JSON.
    Malformed,
    /// Accept, read the request, and answer nothing for this long.
    Hang(Duration),
    /// HTTP 401.
    Unauthorized,
    /// HTTP 401 whose body echoes the request's `Authorization` header.
    EchoAuth,
    /// HTTP 200 with a body of this many bytes (a JSON string, never read whole).
    Huge(usize),
    /// HTTP 400 "the request exceeds the available context size", as
    /// llama.cpp's server says of a prompt too long for its context.
    ContextTooLong,
    /// HTTP 404 saying the model does not exist, as vLLM says.
    UnknownModel,
    /// HTTP 200 with empty content.
    Empty,
    /// HTTP 200 cut off at the token limit: `finish_reason` `length` and a
    /// reply that ends before its answer line.
    Truncated,
}

/// The server's shared state.
#[derive(Default)]
pub struct State {
    /// Requests received (faults included).
    pub requests: AtomicU64,
    /// Faults for the next requests, in order.
    pub faults: Mutex<VecDeque<Fault>>,
    /// Serve this fault to every request (after the queue is empty).
    pub always: Mutex<Option<Fault>>,
    /// `Authorization` headers seen.
    pub auth: Mutex<Vec<String>>,
    /// The path and JSON body of every well-formed request, in arrival order.
    pub bodies: Mutex<Vec<(String, serde_json::Value)>>,
    /// Set to stop accepting.
    pub shutdown: AtomicBool,
    /// How many numbers harder than the standard model this one finds
    /// every list (a second, weaker model).
    pub harder_by: AtomicU64,
}

/// A running fake server.
pub struct FakeModel {
    /// Its state.
    pub state: Arc<State>,
    /// `http://127.0.0.1:PORT/v1`.
    pub endpoint: String,
}

impl Drop for FakeModel {
    fn drop(&mut self) {
        self.state.shutdown.store(true, Ordering::SeqCst);
        // Wake the accept loop.
        let _ = TcpStream::connect(
            self.endpoint
                .trim_start_matches("http://")
                .trim_end_matches("/v1"),
        );
    }
}

impl FakeModel {
    /// Starts a server on a free port.
    pub fn start() -> FakeModel {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = listener.local_addr().expect("addr");
        let state = Arc::new(State::default());
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if shared.shutdown.load(Ordering::SeqCst) {
                    return;
                }
                let Ok(stream) = stream else { continue };
                let st = Arc::clone(&shared);
                std::thread::spawn(move || {
                    let _ = handle(stream, &st);
                });
            }
        });
        FakeModel {
            state,
            endpoint: format!("http://{addr}/v1"),
        }
    }

    /// Requests received so far.
    pub fn requests(&self) -> u64 {
        self.state.requests.load(Ordering::SeqCst)
    }

    /// Queues faults for the next requests.
    pub fn queue(&self, faults: &[Fault]) {
        self.state
            .faults
            .lock()
            .expect("lock")
            .extend(faults.iter().copied());
    }

    /// Starts a weaker model: every list is as hard for it as a list
    /// `harder_by` numbers longer is for the standard one.
    pub fn start_harder(harder_by: u64) -> FakeModel {
        let model = FakeModel::start();
        model.state.harder_by.store(harder_by, Ordering::SeqCst);
        model
    }

    /// Serves `fault` to every request from now on (`None` to stop).
    pub fn always(&self, fault: Option<Fault>) {
        *self.state.always.lock().expect("lock") = fault;
    }
}

/// An endpoint where nothing listens.
pub fn dead_endpoint() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    drop(listener);
    format!("http://{addr}/v1")
}

/// The true accuracy of the fake model on a list of `count` numbers.
pub fn true_accuracy(count: usize, korean: bool) -> f64 {
    let middle = if korean { 16.0 } else { 20.0 };
    1.0 / (1.0 + ((count as f64 - middle) / 4.0).exp())
}

/// A uniform number in [0, 1) from the prompt's bytes (FNV-1a, then a
/// SplitMix64 finaliser).
pub fn prompt_uniform(prompt: &str) -> f64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in prompt.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// The numbers of a prompt: the integers between its `[` and `]`.
pub fn numbers(prompt: &str) -> Vec<i64> {
    let (Some(a), Some(b)) = (prompt.find('['), prompt.rfind(']')) else {
        return Vec::new();
    };
    prompt[a + 1..b]
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect()
}

/// The `reasoning_content` of every reply.
pub const REASONING: &str = "I add the numbers one by one.";

/// The fake model's reply text to `prompt`.
pub fn answer(prompt: &str) -> String {
    answer_harder(prompt, 0)
}

/// The reply of a model that finds every list as hard as the standard one
/// finds a list `harder_by` numbers longer.
pub fn answer_harder(prompt: &str, harder_by: u64) -> String {
    answer_in_conversation(prompt, prompt, harder_by)
}

/// The reply to `prompt` when the conversation since it reads `key` (the
/// prompt, then every later turn): each further turn is a fresh draw.
pub fn answer_in_conversation(prompt: &str, key: &str, harder_by: u64) -> String {
    let xs = numbers(prompt);
    let korean = prompt.contains("더하세요");
    let sum: i64 = xs.iter().sum();
    let right = prompt_uniform(key) < true_accuracy(xs.len() + harder_by as usize, korean);
    let given = if right { sum } else { sum + 1 };
    if korean {
        format!("더하면 됩니다.\n정답: {given}")
    } else {
        format!("Adding them up.\nAnswer: {given}")
    }
}

fn handle(stream: TcpStream, state: &State) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut length = 0usize;
    let mut auth = None;
    let mut path = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if path.is_empty() {
            path = line.split(' ').nth(1).unwrap_or("").to_string();
        }
        let lower = line.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if lower.starts_with("authorization:") {
            auth = Some(line["authorization:".len()..].trim().to_string());
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body)?;
    state.requests.fetch_add(1, Ordering::SeqCst);
    if let Some(a) = &auth {
        state.auth.lock().expect("lock").push(a.clone());
    }
    let fault = state
        .faults
        .lock()
        .expect("lock")
        .pop_front()
        .or(*state.always.lock().expect("lock"));
    let mut out = stream;
    let send = |out: &mut TcpStream, status: &str, extra: &str, body: &str| {
        let text = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
            body.len()
        );
        out.write_all(text.as_bytes())
    };
    match fault {
        Some(Fault::ServerError) => {
            return send(
                &mut out,
                "500 Internal Server Error",
                "",
                r#"{"error":"boom"}"#,
            )
        }
        Some(Fault::RateLimit) => {
            return send(
                &mut out,
                "429 Too Many Requests",
                "Retry-After: 0\r\n",
                r#"{"error":"slow down"}"#,
            )
        }
        Some(Fault::Malformed) => {
            return send(&mut out, "200 OK", "", "{\"choices\": [ this is not json")
        }
        Some(Fault::Unauthorized) => {
            return send(&mut out, "401 Unauthorized", "", r#"{"error":"bad key"}"#)
        }
        Some(Fault::EchoAuth) => {
            let body = format!(
                r#"{{"error":"invalid credentials: {}"}}"#,
                auth.unwrap_or_default()
            );
            return send(&mut out, "401 Unauthorized", "", &body);
        }
        Some(Fault::Huge(n)) => {
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {n}\r\nConnection: close\r\n\r\n"
            );
            out.write_all(head.as_bytes())?;
            let chunk = vec![b' '; 64 * 1024];
            let mut left = n;
            while left > 0 {
                let k = left.min(chunk.len());
                // The client stops reading at its limit and closes.
                if out.write_all(&chunk[..k]).is_err() {
                    return Ok(());
                }
                left -= k;
            }
            return Ok(());
        }
        Some(Fault::Hang(d)) => {
            std::thread::sleep(d);
            return Ok(());
        }
        Some(Fault::ContextTooLong) => {
            return send(
                &mut out,
                "400 Bad Request",
                "",
                r#"{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}"#,
            )
        }
        Some(Fault::UnknownModel) => {
            return send(
                &mut out,
                "404 Not Found",
                "",
                r#"{"object":"error","message":"The model `fake-1` does not exist.","type":"NotFoundError","code":404}"#,
            )
        }
        Some(Fault::Empty) | Some(Fault::Truncated) | None => {}
    }
    let request: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(_) => return send(&mut out, "400 Bad Request", "", r#"{"error":"bad json"}"#),
    };
    state
        .bodies
        .lock()
        .expect("lock")
        .push((path.clone(), request.clone()));
    let completions = path.ends_with("/v1/completions");
    // A completions prompt ends with the question after the examples, each
    // separated by a blank line.
    // The question is the last user turn holding a list (a follow-up after
    // a wrong reply holds none); the turns after it make each reply a
    // fresh draw.
    let (prompt, key) = if completions {
        let text = request["prompt"].as_str().unwrap_or("").trim_end();
        let q = text.rsplit("\n\n").next().unwrap_or("").to_string();
        (q.clone(), q)
    } else {
        let contents: Vec<(&str, &str)> = request["messages"]
            .as_array()
            .map(|m| {
                m.iter()
                    .map(|x| {
                        (
                            x["role"].as_str().unwrap_or(""),
                            x["content"].as_str().unwrap_or(""),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let q = contents
            .iter()
            .rposition(|(role, c)| *role == "user" && c.contains('['))
            .unwrap_or(contents.len().saturating_sub(1));
        let prompt = contents.get(q).map_or("", |c| c.1).to_string();
        let key: String = contents
            .iter()
            .skip(q)
            .map(|c| c.1)
            .collect::<Vec<_>>()
            .join("\n");
        (prompt, key)
    };
    let (content, finish) = match fault {
        Some(Fault::Empty) => (String::new(), "stop"),
        Some(Fault::Truncated) => ("Adding them up. The first two make".to_string(), "length"),
        _ => (
            answer_in_conversation(&prompt, &key, state.harder_by.load(Ordering::SeqCst)),
            "stop",
        ),
    };
    if completions {
        let reply = serde_json::json!({
            "id": "cmpl-fake",
            "object": "text_completion",
            "model": request["model"],
            "choices": [{"index": 0, "text": content, "finish_reason": finish}],
        });
        return send(&mut out, "200 OK", "", &reply.to_string());
    }
    let reply = serde_json::json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": request["model"],
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "reasoning_content": REASONING}, "finish_reason": finish}],
        "usage": {"prompt_tokens": prompt.len() / 4, "completion_tokens": 8, "total_tokens": prompt.len() / 4 + 8},
    });
    send(&mut out, "200 OK", "", &reply.to_string())
}

/// Runs the built `puzzlec` in the repository root without an API key in
/// the environment.
pub fn puzzlec(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_puzzlec"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("OPENAI_API_KEY")
        .output()
        .expect("run puzzlec")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A path as a command-line argument.
pub fn s(p: &std::path::Path) -> &str {
    p.to_str().expect("utf8 path")
}

/// Runs `puzzlec <command> <target> …` against `endpoint` with the model
/// flags both commands share (fast timeouts and backoff; 4 requests in
/// flight and 3 retries unless `extra` sets them), then `extra`.
pub fn run_model_command(
    command: &str,
    target: &std::path::Path,
    endpoint: &str,
    out: &std::path::Path,
    extra: &[&str],
) -> std::process::Output {
    let mut args = vec![
        command,
        s(target),
        "--endpoint",
        endpoint,
        "--model",
        "fake-1",
        "-o",
        s(out),
        "--timeout",
        "0.5",
        "--backoff-ms",
        "5",
    ];
    if !extra.contains(&"--concurrency") {
        args.extend_from_slice(&["--concurrency", "4"]);
    }
    if !extra.contains(&"--retries") {
        args.extend_from_slice(&["--retries", "3"]);
    }
    args.extend_from_slice(extra);
    puzzlec(&args)
}
