//! The API's errors: a status and `{"error": "...", "diagnostics": "..."}`.

use crate::LoadError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A request the server refuses, with the engine's message.
///
/// ```
/// use qipan::serve::ApiError;
///
/// let e = ApiError::bad("no move");
/// assert_eq!((e.status.as_u16(), e.message.as_str()), (400, "no move"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong.
    pub message: String,
    /// A broken definition's diagnostics, as `qipan check` prints them.
    pub diagnostics: Option<String>,
}

impl ApiError {
    /// A 400: the request is not acceptable.
    ///
    /// ```
    /// assert_eq!(qipan::serve::ApiError::bad("why").status.as_u16(), 400);
    /// ```
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into(), diagnostics: None }
    }

    /// A 404: no such game or job.
    ///
    /// ```
    /// assert_eq!(qipan::serve::ApiError::not_found("why").status.as_u16(), 404);
    /// ```
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into(), diagnostics: None }
    }

    /// A 422: the move, record or agent is well formed but the rules or limits refuse it.
    ///
    /// ```
    /// assert_eq!(qipan::serve::ApiError::refused("why").status.as_u16(), 422);
    /// ```
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into(), diagnostics: None }
    }
}

impl From<LoadError> for ApiError {
    fn from(e: LoadError) -> ApiError {
        match e {
            LoadError::Invalid(d) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message: d.0.first().map(|x| x.message.clone()).unwrap_or_else(|| "invalid definition".into()),
                diagnostics: Some(d.to_string()),
            },
            e => ApiError::not_found(e.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.message});
        if let Some(d) = self.diagnostics {
            body["diagnostics"] = json!(d);
        }
        (self.status, Json(body)).into_response()
    }
}
