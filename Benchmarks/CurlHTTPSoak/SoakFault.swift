#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CurlHTTP
import MockAPI

/// What one soak request is meant to meet, and how its completion must look.
enum SoakFault: CaseIterable, Sendable {
    case none
    case reset
    case status503
    case truncated
    case stall

    /// The mock's fault, configured for this fault's pseudo city ID.
    var mockFault: Fault? {
        switch self {
        case .none: nil
        case .reset: .reset
        case .status503: .status(503)
        case .truncated: .truncated
        case .stall: .stall
        }
    }

    /// The city ID a request uses to get this fault: IDs outside the catalog that the mock
    /// is told to fault every time; `nil` for an ordinary request.
    var cityID: String? {
        switch self {
        case .none: nil
        case .reset: "990001"
        case .status503: "990002"
        case .truncated: "990003"
        case .stall: "990004"
        }
    }

    var name: String {
        switch self {
        case .none: "ok"
        case .reset: "reset"
        case .status503: "503"
        case .truncated: "truncated"
        case .stall: "stall"
        }
    }

    /// Whether a completion is the one this fault must produce: a body for an ordinary
    /// request, the matching error for a fault.
    func accepts(_ result: Result<Data, any Error>) -> Bool {
        switch (self, result) {
        case (.none, .success(let body)): !body.isEmpty
        case (.reset, .failure(let error)): (error as? CurlError)?.kind == .connectionReset
        case (.status503, .failure(let error)): (error as? StatusCodeError)?.status == 503
        case (.truncated, .failure(let error)): (error as? CurlError)?.kind == .partialBody
        case (.stall, .failure(let error)): (error as? CurlError)?.kind == .timedOut
        default: false
        }
    }
}
