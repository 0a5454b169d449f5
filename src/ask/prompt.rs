//! What one request asks: a prompt, optionally after solved examples
//! (few-shot), and how it is laid out for each kind of endpoint.

use serde_json::{json, Value};

/// Which OpenAI-compatible API requests go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Api {
    /// `…/chat/completions`: a list of messages (instruction-tuned models).
    #[default]
    Chat,
    /// `…/completions`: one text to continue (base models).
    Completions,
}

impl Api {
    /// The last part of the request URL.
    pub fn path(self) -> &'static str {
        match self {
            Api::Chat => "/chat/completions",
            Api::Completions => "/completions",
        }
    }

    /// The name used on the command line and in config files.
    pub fn name(self) -> &'static str {
        match self {
            Api::Chat => "chat",
            Api::Completions => "completions",
        }
    }
}

/// A solved example shown before the prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot {
    /// The example's question (its record's whole prompt).
    pub question: String,
    /// Its answer, written the way the question asks.
    pub answer: String,
}

/// An earlier reply and the follow-up turn sent after it (self-correction).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// What the model answered.
    pub reply: String,
    /// The user turn that followed it.
    pub follow_up: String,
}

/// One request's text: `shots` (in order), then `text`, then the earlier
/// `turns` of this conversation.
#[derive(Debug, Clone, Copy)]
pub struct Prompt<'a> {
    /// Solved examples, shown first.
    pub shots: &'a [Shot],
    /// The question to answer.
    pub text: &'a str,
    /// Earlier replies to it, each with the follow-up sent after it.
    pub turns: &'a [Turn],
}

impl<'a> Prompt<'a> {
    /// A prompt without examples.
    pub fn plain(text: &'a str) -> Prompt<'a> {
        Prompt {
            shots: &[],
            text,
            turns: &[],
        }
    }

    /// The chat messages: the system prompt, each example as a user turn and
    /// an assistant turn, the question, then each earlier reply as an
    /// assistant turn and its follow-up as a user turn.
    pub fn messages(&self, system: Option<&str>) -> Vec<Value> {
        let mut messages = Vec::with_capacity(2 * self.shots.len() + 2);
        if let Some(system) = system {
            messages.push(json!({"role": "system", "content": system}));
        }
        for shot in self.shots {
            messages.push(json!({"role": "user", "content": shot.question}));
            messages.push(json!({"role": "assistant", "content": shot.answer}));
        }
        messages.push(json!({"role": "user", "content": self.text}));
        for turn in self.turns {
            messages.push(json!({"role": "assistant", "content": turn.reply}));
            messages.push(json!({"role": "user", "content": turn.follow_up}));
        }
        messages
    }

    /// The text a base model continues: each example's question and answer
    /// separated by a blank line, then the question and a line break.
    pub fn completion_text(&self) -> String {
        let mut out = String::new();
        for shot in self.shots {
            out.push_str(&shot.question);
            out.push('\n');
            out.push_str(&shot.answer);
            out.push_str("\n\n");
        }
        out.push_str(self.text);
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shots() -> Vec<Shot> {
        vec![
            Shot {
                question: "1 + 1?".into(),
                answer: "Answer: 2".into(),
            },
            Shot {
                question: "2 + 2?".into(),
                answer: "Answer: 4".into(),
            },
        ]
    }

    #[test]
    fn chat_messages_alternate_user_and_assistant_and_end_with_the_question() {
        let shots = shots();
        let turns = [Turn {
            reply: "Answer: 7".into(),
            follow_up: "Wrong.".into(),
        }];
        let p = Prompt {
            shots: &shots,
            text: "3 + 3?",
            turns: &turns,
        };
        let roles: Vec<_> = p
            .messages(Some("be brief"))
            .iter()
            .map(|m| {
                format!(
                    "{}:{}",
                    m["role"].as_str().unwrap(),
                    m["content"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(
            roles,
            [
                "system:be brief",
                "user:1 + 1?",
                "assistant:Answer: 2",
                "user:2 + 2?",
                "assistant:Answer: 4",
                "user:3 + 3?",
                "assistant:Answer: 7",
                "user:Wrong."
            ]
        );
        assert_eq!(Prompt::plain("q").messages(None).len(), 1);
    }

    #[test]
    fn completion_text_joins_examples_with_blank_lines() {
        let shots = shots();
        let p = Prompt {
            shots: &shots,
            text: "3 + 3?",
            turns: &[],
        };
        assert_eq!(
            p.completion_text(),
            "1 + 1?\nAnswer: 2\n\n2 + 2?\nAnswer: 4\n\n3 + 3?\n"
        );
        assert_eq!(Prompt::plain("q").completion_text(), "q\n");
    }
}
