import Foundation
import NIOSSL

/// The test CA and the server certificate the stand-ins serve (Tests/Fixtures/push-tls, made by
/// scripts/make-test-ca): a client trusts ``caFile`` (`XPEDITE_PUSH_CA_FILE`) to talk to them.
public enum StandInTLS {
    /// Tests/Fixtures/push-tls.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("push-tls")

    /// The test CA's certificate (PEM): what a client trusts.
    public static var caFile: String { directory.appendingPathComponent("ca.pem").path }

    /// The server's certificate, for `127.0.0.1` and `localhost`, signed by the CA.
    public static var certificateFile: String { directory.appendingPathComponent("server.pem").path }

    /// The server certificate's private key.
    public static var keyFile: String { directory.appendingPathComponent("server-key.pem").path }

    /// A server TLS configuration with the certificate and key (ALPN is set by the HTTP/2 channel).
    public static func serverConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificateFile).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    }
}
