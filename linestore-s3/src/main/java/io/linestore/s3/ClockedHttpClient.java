package io.linestore.s3;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;

/**
 * The SDK's HTTP client with a {@link RequestClock} on each try: a GET or HEAD has the deadline,
 * its body timed as the caller reads it, within the SDK's retries or after the SDK has returned
 * the stream; a PUT with a body (an object, a multipart upload's part) has the write timeout while
 * it uploads, until its answer comes. Other requests (DELETE, the POSTs of multipart uploads) have
 * only the timeout of each read. A try whose clock runs out fails with {@link RequestClock.Expired},
 * an {@link IOException} the SDK's standard strategy tries again.
 *
 * <p>Not the SDK's own {@code apiCallAttemptTimeout}: it counts a whole upload, however fast it
 * goes, and aborts by a disconnect, which waits for a read of the body in progress; and the body of
 * a streamed GET is read after the SDK's call has returned, out of its timer. Thread-safe, as the
 * client it wraps.
 */
final class ClockedHttpClient implements SdkHttpClient {

    private final SdkHttpClient http;
    private final Duration deadline;
    private final Duration writeTimeout;

    /**
     * Wraps a client.
     *
     * @param http the client that makes the requests
     * @param deadline the deadline of each try of a GET or HEAD
     * @param writeTimeout the write timeout of each try of a PUT
     */
    ClockedHttpClient(SdkHttpClient http, Duration deadline, Duration writeTimeout) {
        this.http = http;
        this.deadline = deadline;
        this.writeTimeout = writeTimeout;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        SdkHttpMethod method = request.httpRequest().method();
        if (method == SdkHttpMethod.GET || method == SdkHttpMethod.HEAD) {
            return new Clocked(RequestClock.Limit.DEADLINE, deadline, request);
        }
        if (method == SdkHttpMethod.PUT && request.contentStreamProvider().isPresent()) {
            return new Clocked(RequestClock.Limit.WRITE_TIMEOUT, writeTimeout, request);
        }
        return http.prepareRequest(request);
    }

    @Override
    public String clientName() {
        return http.clientName();
    }

    @Override
    public void close() {
        http.close();
    }

    /** One try of a request, on the clock from its call to its answer (and for a GET, its body). */
    private final class Clocked implements ExecutableHttpRequest {

        private final RequestClock.Limit limit;
        private final Duration allowed;
        private final ExecutableHttpRequest request;
        private volatile RequestClock clock;

        Clocked(RequestClock.Limit limit, Duration allowed, HttpExecuteRequest request) {
            this.limit = limit;
            this.allowed = allowed;
            this.request = http.prepareRequest(limit == RequestClock.Limit.WRITE_TIMEOUT ? uploading(request) : request);
        }

        /** The request with a body whose reads tell this try's clock that the upload goes on. */
        private HttpExecuteRequest uploading(HttpExecuteRequest request) {
            ContentStreamProvider body = request.contentStreamProvider().orElseThrow();
            return HttpExecuteRequest.builder()
                    .request(request.httpRequest())
                    .contentStreamProvider(() -> clock.upload(body.newStream()))
                    .metricCollector(request.metricCollector().orElse(null))
                    .build();
        }

        @Override
        public HttpExecuteResponse call() throws IOException {
            RequestClock started = RequestClock.start(limit, allowed, request::abort);
            clock = started;
            HttpExecuteResponse response;
            try {
                response = request.call();
                started.answered();
            } catch (IOException e) {
                throw started.failure(e);
            } catch (UncheckedIOException e) {
                if (started.failure(e.getCause()) instanceof RequestClock.Expired expired) {
                    throw expired;
                }
                throw e;
            } finally {
                started.stop();
            }
            if (limit == RequestClock.Limit.WRITE_TIMEOUT || response.responseBody().isEmpty()) {
                return response;
            }
            AbortableInputStream body = response.responseBody().get();
            return HttpExecuteResponse.builder()
                    .response(response.httpResponse())
                    .responseBody(AbortableInputStream.create(started.body(body), body))
                    .build();
        }

        @Override
        public void abort() {
            request.abort();
        }
    }
}
