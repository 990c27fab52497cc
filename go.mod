module gygy

go 1.26
