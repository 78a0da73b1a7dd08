module pdf-service.dev/pdfservice

go 1.19
