package io.linestore.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSocketFactory;

/**
 * Opens the JDK's HTTP connections as both clients use them ({@link S3Objects} through the SDK for
 * an {@code http://} endpoint, {@link HttpObjects} directly): a timeout to connect and one for each
 * read of the answer (what a whole try may take is {@link RequestClock}'s), and TLS from the JDK's
 * default context unless a socket factory is given. The default context is made on the first
 * {@code https} connection, so a client of an {@code http://} endpoint never loads a trust store
 * (tens of milliseconds of a short command's start). Stateless.
 */
final class HttpConnections {

    private HttpConnections() {
    }

    /**
     * Opens a connection; nothing is sent yet.
     *
     * @param uri the URL
     * @param timeout how long to wait to connect, and for each read of the answer
     * @param tls the TLS sockets to use, or {@code null} for the JDK's default
     * @return the connection
     * @throws UncheckedIOException if the URL cannot be opened
     */
    static HttpURLConnection open(URI uri, Duration timeout, SSLSocketFactory tls) {
        try {
            HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
            if (tls != null && connection instanceof HttpsURLConnection https) {
                https.setSSLSocketFactory(tls);
            }
            int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
            connection.setConnectTimeout(millis);
            connection.setReadTimeout(millis);
            return connection;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + uri + ": " + e.getMessage(), e);
        }
    }
}
