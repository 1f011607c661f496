#!/usr/bin/env python3
"""Writes Sources/MockAPI/Certificates/*.pem: the test certificates of the TLS mock, which the
build embeds in MockAPI's code (Package.swift: `.embedInCode("Certificates")`).

Run from anywhere; the output is committed, so tests and `forecast-mock --tls` need neither
this script nor OpenSSL. Needs the `cryptography` package (pip install cryptography) and the
`openssl` command (for the hashed-directory names).

What it makes, all with ECDSA P-256 keys (small, and the cheapest handshake for both sides):

- a test CA, "forecast test CA", valid 2025-2075;
- "localhost": a server certificate for localhost, 127.0.0.1 and ::1, signed by the test CA,
  valid 2025-2075 (decades, so the checked-in files do not age out under the tests);
- "other-host": the same for the name other.example only, to be refused by name;
- "expired": for localhost and 127.0.0.1, valid 2020-01-01 to 2021-01-01, to be refused as expired;
- a second CA, "forecast stranger CA", that signs nothing: a trust store holding only it
  trusts none of the above.

Running it again makes new keys and serial numbers; the tests only depend on the properties
listed above.
"""
import datetime, ipaddress, pathlib, subprocess
from cryptography import x509
from cryptography.x509.oid import NameOID, ExtendedKeyUsageOID
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "Sources/MockAPI/Certificates"
UTC = datetime.timezone.utc
LONG = (datetime.datetime(2025, 1, 1, tzinfo=UTC), datetime.datetime(2075, 1, 1, tzinfo=UTC))
PAST = (datetime.datetime(2020, 1, 1, tzinfo=UTC), datetime.datetime(2021, 1, 1, tzinfo=UTC))


def key():
    return ec.generate_private_key(ec.SECP256R1())


def name(common):
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "forecast tests"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_ca(common):
    k = key()
    n = name(common)
    cert = (x509.CertificateBuilder().subject_name(n).issuer_name(n).public_key(k.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(LONG[0]).not_valid_after(LONG[1])
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(k.public_key()), critical=False)
            .sign(k, hashes.SHA256()))
    return k, cert


def make_server(ca_key, ca_cert, common, dns, ips, validity):
    k = key()
    alt = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (x509.CertificateBuilder().subject_name(name(common)).issuer_name(ca_cert.subject)
            .public_key(k.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(validity[0]).not_valid_after(validity[1])
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    return k, cert


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM).decode()


def key_pem(k):
    return k.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                           serialization.NoEncryption()).decode()


ca_key, ca = make_ca("forecast test CA")
_, stranger = make_ca("forecast stranger CA")
servers = {
    "localhost": make_server(ca_key, ca, "localhost", ["localhost"], ["127.0.0.1", "::1"], LONG),
    "otherHost": make_server(ca_key, ca, "other.example", ["other.example"], [], LONG),
    "expired": make_server(ca_key, ca, "localhost", ["localhost"], ["127.0.0.1", "::1"], PAST),
}


def subject_hash(cert):
    """The file name OpenSSL looks a CA up by in a hashed directory (`openssl rehash`)."""
    result = subprocess.run(["openssl", "x509", "-noout", "-subject_hash"], input=pem(cert).encode(),
                            capture_output=True, check=True)
    return result.stdout.decode().strip() + ".0"


# MockCertificates.swift names the CAs' files in a hashed directory; the hash is of the
# subject's name alone, which stays whatever the keys.
HASH_NAMES = {"ca": "ff73ba8a.0", "stranger-ca": "f99fa706.0"}
for label, cert in (("ca", ca), ("stranger-ca", stranger)):
    assert subject_hash(cert) == HASH_NAMES[label], f"{label}: MockCertificates.swift's hash name is {subject_hash(cert)} now"

files = {"ca.pem": pem(ca), "stranger-ca.pem": pem(stranger)}
for case, (k, cert) in servers.items():
    stem = {"otherHost": "other-host"}.get(case, case)
    files[f"{stem}.pem"] = pem(cert)
    files[f"{stem}-key.pem"] = key_pem(k)
out.mkdir(exist_ok=True)
for file_name, text in files.items():
    (out / file_name).write_text(text, encoding="utf-8")
print(f"wrote {len(files)} files in {out.relative_to(root)}")
