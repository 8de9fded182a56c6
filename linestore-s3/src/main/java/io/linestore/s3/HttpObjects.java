package io.linestore.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;

/**
 * Files on a web server that answers range requests ({@code Range: bytes=a-b}, status 206): static
 * file servers, CDNs, object storage's public URLs. A location's "bucket" is the server's host and
 * port, its key the path. Uses the JDK's {@link HttpURLConnection} (kept-alive connections, the JDK's
 * trust store for {@code https}; {@code -Djavax.net.ssl.trustStore} adds a private certificate
 * authority). Each try waits the timeout to connect and for each read of the answer, and has a
 * deadline for all of it ({@link RequestClock}: connecting, the headers and the body, or each 8 MiB
 * of a longer body); a try that times out, runs out of its deadline, fails to connect, loses its
 * connection (an answer cut short included) or gets a 5xx or 429 answer is made again after a
 * short backoff, up to the retries asked for; a whole file's stream is read on the deadline too,
 * but not tried again. A server that answers a range request with the whole file (status 200) is
 * refused in one line (unless the file is no longer than the range asked for): reading it would mean
 * downloading the file; so is an answer of another range than asked for, or an encoded one. A file's
 * version is its ETag, or, from a server that gives none, its {@code Last-Modified} date; reads ask
 * for it ({@code If-Match}, strong ETags only since a weak one never matches by the standard, or
 * {@code If-Unmodified-Since}) and the reader compares it as well. Missing files are 404, 410, or 403
 * (as object storage's public URLs answer). Thread-safe; nothing to release but idle connections.
 */
final class HttpObjects implements ObjectReads {

    /** Marks an identity that is a {@code Last-Modified} date, from a server that gives no ETag. */
    static final String LAST_MODIFIED = "last-modified:";

    /** At most 18 digits a number: every such number fits a {@code long}, and no file is larger. */
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d{1,18})-(\\d{1,18})/(\\d{1,18})");

    /** The first backoff; it doubles with each try, with jitter. */
    private static final long BACKOFF_MILLIS = 100;

    private final String scheme;
    private final Duration timeout;
    private final Duration deadline;
    private final int retries;
    private final SSLSocketFactory tls;

    /**
     * A client of one scheme's servers.
     *
     * @param scheme {@code https} or {@code http}
     * @param timeout how long one try waits to connect, and for each read of the answer
     * @param deadline the most one try may take, from connecting to the last byte of the answer
     * @param retries how often a failed try is made again
     * @param tls the TLS sockets to use, or {@code null} for the JDK's default (its trust store)
     */
    HttpObjects(String scheme, Duration timeout, Duration deadline, int retries, SSLSocketFactory tls) {
        this.scheme = scheme;
        this.timeout = timeout;
        this.deadline = deadline;
        this.retries = retries;
        this.tls = tls;
    }

    @Override
    public Optional<Versioned> getIfChanged(String bucket, String key, String ifNoneMatch) {
        return call("GET", bucket, key, -1, -1, null, ifNoneMatch, (connection, clock) -> {
            int status = connection.getResponseCode();
            // 403: object storage's public URLs answer so for a missing key when listing is not public.
            if (status == 404 || status == 410 || status == 403) {
                drain(connection, clock);
                return Optional.empty();
            }
            if (status == 304 && ifNoneMatch != null) {
                drain(connection, clock);
                return Optional.of(new Versioned(null, ifNoneMatch));
            }
            expect(connection, clock, status, 200, "GET", bucket, key);
            try (InputStream in = identityBody(connection, clock, bucket, key)) {
                return Optional.of(new Versioned(in.readAllBytes(), identity(connection)));
            }
        });
    }

    @Override
    public String origin() {
        return scheme;
    }

    @Override
    public Range getRange(String bucket, String key, long from, long to, String ifMatch) {
        return call("GET", bucket, key, from, to, ifMatch, null, (connection, clock) -> {
            int status = connection.getResponseCode();
            if (status == 412) {
                drain(connection, clock);
                return null;
            }
            if (status == 416) {
                drain(connection, clock);
                return new Range(new byte[0], null, Range.SHORTER);
            }
            long size;
            if (status == 200 && from == 0 && connection.getContentLengthLong() >= 0
                    && connection.getContentLengthLong() <= to) {
                // The whole file, no longer than the range asked for: what a 206 would have held.
                size = connection.getContentLengthLong();
            } else if (status == 200) {
                connection.disconnect();
                throw new S3StoreException(url(bucket, key) + ": the server does not answer range requests (it sent"
                        + " the whole file for bytes " + from + "-" + (to - 1) + "); serve it from one that does", null);
            } else {
                expect(connection, clock, status, 206, "GET", bucket, key);
                size = checkedRange(connection, from, to, url(bucket, key));
            }
            int wanted = (int) (Math.min(to, size) - from);
            try (InputStream in = identityBody(connection, clock, bucket, key)) {
                byte[] bytes = in.readNBytes(wanted);
                if (bytes.length < wanted) {
                    // A connection cut in the middle of the answer: worth another try.
                    throw new IOException("the answer ended after " + bytes.length + " of " + wanted + " bytes");
                }
                return new Range(bytes, identity(connection), size, modified(connection));
            }
        });
    }

    @Override
    public Opened stream(String bucket, String key, String ifMatch) {
        return call("GET", bucket, key, -1, -1, ifMatch, null, (connection, clock) -> {
            int status = connection.getResponseCode();
            if (status == 412) {
                drain(connection, clock);
                throw new S3StoreException(url(bucket, key) + " changed (it is no longer " + ifMatch + ")", null,
                        true);
            }
            expect(connection, clock, status, 200, "GET", bucket, key);
            return new Opened(identityBody(connection, clock, bucket, key), connection.getContentLengthLong());
        });
    }

    @Override
    public void download(String bucket, String key, Path target) {
        try (InputStream in = stream(bucket, key, null).in()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("downloading " + url(bucket, key) + " to " + target + " failed: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Head> head(String bucket, String key) {
        return call("HEAD", bucket, key, -1, -1, null, null, (connection, clock) -> {
            int status = connection.getResponseCode();
            if (status == 404 || status == 410) {
                return Optional.empty();
            }
            expect(connection, clock, status, 200, "HEAD", bucket, key);
            return Optional.of(new Head(connection.getContentLengthLong(), identity(connection)));
        });
    }

    @Override
    public void close() {
        // Connections are the JDK's, kept alive for the process and closed when idle.
    }

    /** What to do with an answer, whose body is read on the try's clock; may throw to fail the call. */
    @FunctionalInterface
    private interface Answer<T> {
        T read(HttpURLConnection connection, RequestClock clock) throws IOException;
    }

    /**
     * Makes a request and reads its answer, trying again after failures worth it.
     *
     * @param from the first byte of a range, or -1 for the whole file
     * @param to one past the range's last byte
     * @param ifMatch the version the file must have, or {@code null}
     * @param ifNoneMatch the version the caller holds, which the server answers with 304, or {@code null}
     */
    private <T> T call(String method, String bucket, String key, long from, long to, String ifMatch,
            String ifNoneMatch, Answer<T> answer) {
        String url = url(bucket, key);
        for (int attempt = 0; ; attempt++) {
            HttpURLConnection connection = null;
            RequestClock clock = null;
            try {
                connection = HttpConnections.open(URI.create(url), timeout, tls);
                connection.setRequestMethod(method);
                connection.setInstanceFollowRedirects(true);
                // Bytes as stored: a transparently compressed answer would have other lengths and ranges.
                connection.setRequestProperty("Accept-Encoding", "identity");
                if (from >= 0) {
                    connection.setRequestProperty("Range", "bytes=" + from + "-" + (to - 1));
                }
                if (ifMatch != null && ifMatch.startsWith(LAST_MODIFIED)) {
                    connection.setRequestProperty("If-Unmodified-Since", ifMatch.substring(LAST_MODIFIED.length()));
                } else if (ifMatch != null && !ifMatch.startsWith("W/")) {
                    connection.setRequestProperty("If-Match", ifMatch);
                }
                if (ifNoneMatch != null) {
                    connection.setRequestProperty("If-None-Match", ifNoneMatch);
                }
                clock = RequestClock.start(RequestClock.Limit.DEADLINE, deadline, connection::disconnect);
                int status = connection.getResponseCode();
                clock.answered();
                if ((status >= 500 || status == 429) && attempt < retries) {
                    drain(connection, clock);
                    backoff(attempt);
                    continue;
                }
                try {
                    return answer.read(connection, clock);
                } catch (RuntimeException e) {
                    connection.disconnect();
                    throw e;
                }
            } catch (IOException e) {
                IOException cause = clock == null ? e : clock.failure(e);
                discard(connection);
                // A timeout, a refused or broken connection may pass; a certificate or a host name will not.
                if (attempt < retries && !(e instanceof SSLException) && !(e instanceof UnknownHostException)) {
                    backoff(attempt);
                    continue;
                }
                throw failure(cause, method, url);
            } finally {
                if (clock != null) {
                    clock.stop();
                }
            }
        }
    }

    private String url(String bucket, String key) {
        return scheme + "://" + bucket + "/" + key;
    }

    private void expect(HttpURLConnection connection, RequestClock clock, int status, int wanted, String method,
            String bucket, String key) {
        if (status == wanted) {
            return;
        }
        drain(connection, clock);
        String url = url(bucket, key);
        if (status == 404 || status == 410) {
            throw new S3StoreException("no such file: " + url + " (status " + status + ")", null, true);
        }
        if (status == 401 || status == 403) {
            throw new S3StoreException(url + " refused " + method + " (status " + status + "): it is not public,"
                    + " or needs credentials linestore does not send", null);
        }
        throw new S3StoreException(method + " " + url + " failed: status " + status, null);
    }

    private S3StoreException failure(IOException e, String method, String url) {
        String server = URI.create(url).getHost();
        if (e instanceof RequestClock.Expired expired) {
            return new S3StoreException(expired.describe(server, method, url), e);
        }
        if (e instanceof SocketTimeoutException) {
            return new S3StoreException(server + " did not answer " + method + " " + url + " within the timeout of each"
                    + " try: is it overloaded or stalled? (--timeout and --retries, LINESTORE_S3_TIMEOUT and"
                    + " LINESTORE_S3_RETRIES set the limits)", e);
        }
        if (e instanceof UnknownHostException) {
            return new S3StoreException("cannot resolve the host of " + url, e);
        }
        if (e instanceof ConnectException) {
            return new S3StoreException("cannot connect to " + server + " (" + method + " " + url + "): is the server"
                    + " running?", e);
        }
        if (e instanceof SSLException) {
            return new S3StoreException("TLS with " + server + " failed (" + e.getMessage() + "): is its certificate"
                    + " trusted? (-Djavax.net.ssl.trustStore in LINESTORE_JAVA_OPTS names a trust store)", e);
        }
        return new S3StoreException(method + " " + url + " failed: " + e.getMessage(), e);
    }

    /**
     * What identifies the file's version in an answer: its ETag, or, from a server that gives none,
     * its {@code Last-Modified} date marked as such (asked for by {@code If-Unmodified-Since} and
     * compared like an ETag); {@code null} if the server gives neither.
     */
    private static String identity(HttpURLConnection connection) {
        String eTag = connection.getHeaderField("ETag");
        if (eTag != null) {
            return eTag;
        }
        String modified = connection.getHeaderField("Last-Modified");
        return modified == null ? null : LAST_MODIFIED + modified;
    }

    /** The answer's {@code Last-Modified} date, or {@code null} if it gives none (or one that does not parse). */
    private static Instant modified(HttpURLConnection connection) {
        String modified = connection.getHeaderField("Last-Modified");
        try {
            return modified == null ? null : Instant.from(DateTimeFormatter.RFC_1123_DATE_TIME.parse(modified));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The whole file's size from {@code Content-Range: bytes A-B/SIZE}, checked to be the range asked
     * for: a proxy or cache that answers another range would otherwise hand out other lines.
     */
    private static long checkedRange(HttpURLConnection connection, long from, long to, String url) {
        String contentRange = connection.getHeaderField("Content-Range");
        Matcher m = contentRange == null ? null : CONTENT_RANGE.matcher(contentRange.strip());
        if (m == null || !m.matches()) {
            connection.disconnect();
            throw new S3StoreException(url + ": the server answered a range request with Content-Range: "
                    + contentRange + ", not bytes A-B/SIZE", null);
        }
        long first = Long.parseLong(m.group(1));
        long last = Long.parseLong(m.group(2));
        long size = Long.parseLong(m.group(3));
        if (first != from || last != Math.min(to, size) - 1) {
            connection.disconnect();
            throw new S3StoreException(url + ": asked for bytes " + from + "-" + (to - 1) + ", the server answered "
                    + contentRange, null);
        }
        return size;
    }

    /**
     * The answer's body on the try's clock, refused if the server encoded it (its lengths and ranges
     * would not be the file's).
     */
    private InputStream identityBody(HttpURLConnection connection, RequestClock clock, String bucket, String key)
            throws IOException {
        String encoding = connection.getContentEncoding();
        if (encoding != null && !encoding.equalsIgnoreCase("identity")) {
            connection.disconnect();
            throw new S3StoreException(url(bucket, key) + ": the server sent it " + encoding + "-encoded though asked"
                    + " for the bytes as stored (Accept-Encoding: identity)", null);
        }
        return clock.body(connection.getInputStream());
    }

    /** Reads an unwanted answer to its end, on the try's clock, so that its connection can be used again. */
    private static void drain(HttpURLConnection connection, RequestClock clock) {
        try (InputStream in = clock.body(connection.getErrorStream() != null ? connection.getErrorStream()
                : connection.getInputStream())) {
            in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            connection.disconnect();
        }
    }

    private static void discard(HttpURLConnection connection) {
        if (connection != null) {
            connection.disconnect();
        }
    }

    private static void backoff(int attempt) {
        long millis = BACKOFF_MILLIS << Math.min(attempt, 6);
        try {
            Thread.sleep(millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new S3StoreException("interrupted while waiting to try a request again", e);
        }
    }
}
