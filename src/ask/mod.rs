//! Asking a model: prompts go to an OpenAI-compatible chat-completions
//! endpoint with bounded concurrency, retries with backoff, a request
//! budget and an on-disk cache; answers are written as a responses file
//! that `score` reads. See `docs/calibration.md`.

pub mod batch;
pub mod budget;
pub mod cache;
pub mod client;
pub mod error;
pub mod failures;
#[cfg(feature = "http")]
pub mod http;
pub mod prompt;
pub mod reply;
pub mod responses;
pub mod run;
pub mod settings;
pub mod shots;
pub mod transport;

pub use batch::{ask_batch, BatchResult, Outcome};
pub use budget::Budget;
pub use cache::Cache;
pub use client::{Client, Source, Stats};
pub use error::AskError;
pub use prompt::{Api, Prompt, Shot};
pub use reply::Answer;
pub use run::{ask_to_file, Job, Retry, RunReport};
pub use settings::{ConfigFile, Settings};
pub use transport::{HttpReply, Transport, TransportError};
